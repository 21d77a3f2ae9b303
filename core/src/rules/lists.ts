/**
 * Entity list loading (spec.md section 4, "Lists and activation"): an "ensure all" load happens
 * only when the list is neither loading nor loaded. A tiny immutable list state that stores and
 * the CLI share, so that concurrent callers never start a second load.
 */

/** The load state of one entity list. `error` is the last failure, cleared by a new load. */
export interface ListState<T> {
  readonly items: ReadonlyArray<T>;
  readonly loading: boolean;
  readonly loaded: boolean;
  readonly error: unknown;
}

/** Whether an "ensure all" call should load: only when the list is neither loading nor loaded. */
export const shouldEnsureAll = (state: { readonly loading: boolean; readonly loaded: boolean }): boolean =>
  !state.loading && !state.loaded;

/** A list that was never loaded. */
export const emptyList = <T>(): ListState<T> => ({ items: [], loading: false, loaded: false, error: null });

/** The state while a load runs; the items shown so far stay until the load ends. */
export const loadStarted = <T>(state: ListState<T>): ListState<T> => ({ ...state, loading: true, error: null });

/** The state after a successful load: the new items, loaded. */
export const loadSucceeded = <T>(state: ListState<T>, items: ReadonlyArray<T>): ListState<T> => ({
  ...state, items, loading: false, loaded: true, error: null,
});

/**
 * The state after a failed load: not loading and not loaded, so that the next "ensure all" tries
 * again; the items of an earlier successful load are kept.
 */
export const loadFailed = <T>(state: ListState<T>, error: unknown): ListState<T> => ({
  ...state, loading: false, loaded: false, error,
});

/** Forgets what was loaded (e.g. on logout or company switch) so the next "ensure all" loads. */
export const invalidated = <T>(state: ListState<T>): ListState<T> => ({ ...state, loaded: false });
