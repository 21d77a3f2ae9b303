/**
 * The page editor's layout rules (issue 13): adding a component of a registry kind below the
 * others, moving one by keyboard steps, taking the positions a grid library reports, and an
 * undo/redo history of versions. Pure: the web editor and its tests call the same functions.
 */
import { GRID_COLUMNS, GRID_MAX_ROWS, kindSpec, type ComponentKind, type PageComponent } from "../domain/PageComponent";

/** The components on one (sub-)page: `subPage` null is the main page. */
export const componentsOn = (components: ReadonlyArray<PageComponent>, subPage: string | null): PageComponent[] =>
  components.filter((c) => (c.subPage ?? null) === subPage);

/**
 * Adds a component of `kind` with the kind's default config and size, at the left edge below
 * every component of the same (sub-)page. Guarantees the new id is not used yet and the
 * placement fits the grid. Unknown kinds leave the list unchanged.
 */
export const addComponent = (
  components: ReadonlyArray<PageComponent>, kind: ComponentKind, subPage: string | null, newId: () => string,
): ReadonlyArray<PageComponent> => {
  const spec = kindSpec(kind);
  if (!spec) return components;
  const used = new Set(components.map((c) => c.id));
  let id = newId();
  while (used.has(id)) id = newId();
  const bottom = Math.max(0, ...componentsOn(components, subPage).map((c) => c.y + c.h));
  const y = Math.min(bottom, GRID_MAX_ROWS - spec.size.h);
  const added: PageComponent = {
    id, kind, x: 0, y, w: spec.size.w, h: spec.size.h, config: structuredClone(spec.defaults) as Record<string, unknown>,
    ...(subPage === null ? {} : { subPage }),
  };
  return [...components, added];
};

/**
 * Moves the component `id` by (dx, dy) cells, clamped to the grid (0 ≤ x ≤ GRID_COLUMNS − w,
 * 0 ≤ y ≤ GRID_MAX_ROWS − h). Guarantees every other component is unchanged; an unknown id or a
 * move that the clamp cancels returns the same array (so no history entry is made).
 */
export const moveComponent = (components: ReadonlyArray<PageComponent>, id: string, dx: number, dy: number): ReadonlyArray<PageComponent> => {
  const current = components.find((c) => c.id === id);
  if (!current) return components;
  const x = Math.min(Math.max(0, current.x + dx), GRID_COLUMNS - current.w);
  const y = Math.min(Math.max(0, current.y + dy), GRID_MAX_ROWS - current.h);
  if (x === current.x && y === current.y) return components;
  return components.map((c) => (c.id === id ? { ...c, x, y } : c));
};

/** A position as a grid library reports it. */
export interface GridItem { readonly i: string; readonly x: number; readonly y: number; readonly w: number; readonly h: number }

/**
 * Takes the positions the grid reported (after a drag or a resize), clamped to the grid.
 * Guarantees components not in `items` are unchanged; returns the same array when nothing moved.
 */
export const applyGridLayout = (components: ReadonlyArray<PageComponent>, items: ReadonlyArray<GridItem>): ReadonlyArray<PageComponent> => {
  const byId = new Map(items.map((i) => [i.i, i]));
  let changed = false;
  const next = components.map((c) => {
    const item = byId.get(c.id);
    if (!item) return c;
    const w = Math.min(Math.max(1, Math.round(item.w)), GRID_COLUMNS);
    const h = Math.min(Math.max(1, Math.round(item.h)), GRID_MAX_ROWS);
    const x = Math.min(Math.max(0, Math.round(item.x)), GRID_COLUMNS - w);
    const y = Math.min(Math.max(0, Math.round(item.y)), GRID_MAX_ROWS - h);
    if (x === c.x && y === c.y && w === c.w && h === c.h) return c;
    changed = true;
    return { ...c, x, y, w, h };
  });
  return changed ? next : components;
};

/** Most undo steps kept. */
export const HISTORY_LIMIT = 100;

/** An undo/redo history: what was, what is, what was undone. */
export interface History<T> {
  readonly past: ReadonlyArray<T>;
  readonly present: T;
  readonly future: ReadonlyArray<T>;
}

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** Records a new present (clearing the redo list); keeps at most HISTORY_LIMIT past states. A present equal by reference is ignored. */
export const record = <T>(h: History<T>, next: T): History<T> =>
  next === h.present ? h : { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };

/** Steps back one change; unchanged when there is nothing to undo. */
export const undo = <T>(h: History<T>): History<T> =>
  h.past.length === 0 ? h : { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future] };

/** Steps forward one undone change; unchanged when there is nothing to redo. */
export const redo = <T>(h: History<T>): History<T> =>
  h.future.length === 0 ? h : { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) };

/** JSON with object keys sorted, so that equal content compares equal whatever its key order (PostgreSQL's jsonb reorders keys). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (v !== null && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v));

/** What publishing a version makes visible (everything but its id). */
export interface VisibleContent {
  readonly title: string;
  readonly custom: unknown;
  readonly periodSpec: string;
  readonly components: ReadonlyArray<unknown>;
  readonly pagePages: ReadonlyArray<unknown>;
  readonly previewAgent: unknown;
  readonly previewAsset: unknown;
}

/**
 * Whether a draft has changes that are not published: true when nothing is published, else when
 * any visible part differs (ids are ignored, key order is ignored). The "Unpublished changes"
 * state of the editor and of the pages list.
 */
export const hasUnpublishedChanges = (draft: VisibleContent | null, published: VisibleContent | null): boolean => {
  if (draft === null) return false;
  if (published === null) return true;
  const visible = (v: VisibleContent) => canonical([v.title, v.custom, v.periodSpec, v.components, v.pagePages, v.previewAgent ?? null, v.previewAsset ?? null]);
  return visible(draft) !== visible(published);
};
