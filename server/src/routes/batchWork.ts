/**
 * Bulk calls do their work in slices: a slice of items, then a turn for every other request
 * (setImmediate lets I/O callbacks run, which awaiting a resolved promise does not), and rows
 * go to the database in statements of bounded size. With the embedded PGlite a statement runs
 * on this very thread, so its size bounds how long the event loop is held too.
 */

import { BULK_MAX_ITEMS } from "@portal/core/constants";

/** Items handled between two turns for other requests. */
export const ITEMS_PER_SLICE = 250;
/** Rows per INSERT or UPDATE statement: about 20 ms of work on the embedded PGlite, which runs it on this thread. */
export const ROWS_PER_STATEMENT = 250;

/**
 * Rows per statement of a batch on a database kind: PGlite runs a statement on this thread, so it
 * gets `pgliteRows`; a PostgreSQL server runs it in its own process, so one statement carries a
 * whole call (each more statement costs a round trip and a plan, and the loop is not held).
 */
export const rowsPerStatement = (kind: "pglite" | "postgres", pgliteRows = ROWS_PER_STATEMENT): number =>
  kind === "postgres" ? BULK_MAX_ITEMS : pgliteRows;

/** Rows per page when a whole list is read for a bulk call (one indexed page is a few ms on PGlite). */
export const ROWS_PER_READ = 2000;

/** A turn for every other request: I/O callbacks and timers run before this resolves. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Longest run of items between two turns. A count alone is not enough: the same 250 items took
 * 5 ms on a quiet machine and 80 ms when a collection or another process took the core meanwhile.
 */
export const SLICE_MS = 8;

/**
 * A function to call once per item: every `every`-th call, or the first call once SLICE_MS have
 * passed since the last turn, answers a turn for other requests to await; other calls answer
 * undefined, so that the loop goes on without a promise per item
 * (`const turn = breathe(); if (turn) await turn;`).
 */
export function yieldEvery(every = ITEMS_PER_SLICE, sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let calls = 0;
  let since = performance.now();
  return () => {
    if (++calls % every !== 0 && performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => { since = performance.now(); });
  };
}

/** Runs `write` on consecutive chunks of `rows`, one statement each, with a turn in between. */
export async function inChunks<T>(rows: ReadonlyArray<T>, write: (chunk: T[]) => PromiseLike<unknown>, size = ROWS_PER_STATEMENT): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    if (i > 0) await nextTurn();
    await write(rows.slice(i, i + size));
  }
}

/**
 * `work` on each item, one after another, the results in the items' order. For reads inside a
 * transaction: it is one connection, which runs one query at a time; queries issued together
 * are queued by pg 8 with a deprecation warning, and pg 9 refuses them.
 */
export async function oneByOne<T, R>(items: Iterable<T>, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await work(item));
  return out;
}
