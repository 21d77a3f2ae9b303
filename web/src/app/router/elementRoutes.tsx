/**
 * Turns the app's route table (code-split pages as route `lazy`, the data router's form) into
 * routes for the declarative `useRoutes`: each lazy route becomes an element that loads its chunk
 * (suspending until it is in), and `preloadMatches` starts the chunks of every route a location matches
 * at once, as the data router did, instead of one nesting level after another.
 */
import { use, type ComponentType } from "react";
import { matchRoutes, type Location, type RouteObject } from "react-router";

type LazyRoute = { readonly Component: ComponentType; readonly preload: () => Promise<unknown> };

const preloads = new WeakMap<RouteObject, () => Promise<unknown>>();

/**
 * A page component that loads on first render or `preload`, and renders at once once loaded: a
 * page preloaded with its location does not suspend (with React's `lazy` it did, and React then
 * held the reveal for its 300 ms Suspense throttle on every signed-in start). A failed load stays
 * failed (the error boundary shows it; React's own re-render after an error must not fetch again,
 * or a server that is down would be asked in a loop) until the next navigation to the page, whose
 * `preload` tries anew.
 */
function lazyRoute(load: () => Promise<ComponentType>): LazyRoute {
  let pending: Promise<ComponentType> | null = null;
  let failed = false;
  const start = () =>
    (pending ??= settled(load().catch((error: unknown) => {
      failed = true;
      throw error;
    })));
  const preload = () => {
    if (failed) {
      failed = false;
      pending = null;
    }
    return start();
  };
  function LazyPage() {
    const Page = use(start());
    return <Page />;
  }
  return { Component: LazyPage, preload };
}

/**
 * Marks the promise with its outcome the way React's `use` reads it (`status`, `value`, `reason`),
 * so that `use` returns a loaded page at once instead of suspending for a promise it has not seen.
 */
export function settled<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  // Block bodies: returning `tracked` (a thenable) would chain a second promise to its rejection, unhandled.
  tracked.then(
    (value) => {
      Object.assign(tracked, { status: "fulfilled", value });
    },
    (reason: unknown) => {
      Object.assign(tracked, { status: "rejected", reason });
    },
  );
  return promise;
}

/** The same routes with every `lazy` replaced by a lazily loaded element. */
export function elementRoutes(routes: ReadonlyArray<RouteObject>): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy: load, children, ...rest } = route;
    if (load !== undefined && typeof load !== "function") throw new Error("route lazy must be a function");
    const page = load
      ? lazyRoute(async () => {
        const { Component } = await load();
        if (!Component) throw new Error("a lazy route must resolve to a Component");
        return Component;
      })
      : null;
    const converted = {
      ...rest,
      ...(page ? { element: <page.Component /> } : {}),
      ...(children ? { children: elementRoutes(children) } : {}),
    } as RouteObject;
    if (page) preloads.set(converted, page.preload);
    return converted;
  });
}

/** Starts loading the chunks of every route that `location` matches; failures show when rendered. */
export function preloadMatches(routes: RouteObject[], location: Pick<Location, "pathname">): void {
  for (const match of matchRoutes(routes, location) ?? []) {
    preloads.get(match.route)?.().catch(() => undefined);
  }
}
