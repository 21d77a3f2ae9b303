/**
 * A returning signed-in visitor's first API calls, asked for before the app knows it needs them.
 *
 * A signed-in start makes its calls in steps (discovery; my user, my companies, the branding and my
 * sector; the company's rights; the shell's lists; the screen's lists), each step after the one
 * before has answered and after the chunk of code that makes it has loaded. On a phone's network
 * each step costs a round trip, and the code's chunks hold the browser's six connections. So the
 * GET calls a start of a page made are kept (per page, in storage), and the next start of that
 * page sends them at once, before the app's chunks are asked for; the app's own calls then take
 * those answers instead of going out again. Nothing is guessed: a kept call is used only by a call
 * with the same URL and the same headers (the Bearer secret included), at most once, and only
 * within PREFETCH_TTL_MS and before any write; any other call goes out as it always did, and a
 * prefetch that failed to reach the server is not used (the call goes out itself).
 */
import { Effect } from "effect";
import type { StorageShape } from "@portal/core/ports/Storage";

/** Where the kept calls are stored (removed with the session: `forget`). */
export const LEARNED_START_KEY = "portal.startCalls";
/** Calls made this long after the start are not kept (a person's own clicks come later). */
export const RECORD_MS = 5_000;
/** A prefetched answer not taken this long after it was asked for is dropped. */
export const PREFETCH_TTL_MS = 10_000;
/** Bounds of what is kept: pages, and calls per page. */
export const MAX_PAGES = 8;
export const MAX_CALLS = 24;

/** One kept call: its URL and its headers, the Bearer secret left out (`auth` says it had one). */
interface KeptCall {
  readonly url: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly auth: boolean;
}

export interface LearnedStartOptions {
  readonly storage: StorageShape;
  /** The real fetch. */
  readonly fetch: typeof fetch;
  /** The portal's origin; only its `/api/` calls are kept. */
  readonly origin: string;
  /** The page the start opened (path and query). */
  readonly page: string;
  /** The stored session's Bearer secret; null (signed out): nothing is sent or kept. */
  readonly secret: string | null;
  /** The stored company: a kept call for another company is not sent. */
  readonly company: string | null;
  readonly now: () => number;
}

export interface LearnedStart {
  /** The fetch for the HTTP adapter: takes a prefetched answer when one matches, and notes the start's calls. */
  readonly fetch: typeof fetch;
  /** Stops noting calls and keeps what was noted for this page (the start left the page, or RECORD_MS passed). */
  readonly finish: () => void;
  /** Removes every kept call (the session ended: the next person's start must not send this one's calls). */
  readonly forget: () => void;
}

// Never kept: the event stream (it does not end), and the token calls.
const SKIPPED = /^\/api\/(events|access-tokens)(\/|\?|$)/;

const headerList = (headers: Headers): Array<[string, string]> =>
  [...headers.entries()].filter(([name]) => name !== "authorization").sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const keyOf = (request: Request): string =>
  `${request.method} ${request.url}\n${headerList(request.headers).map(([n, v]) => `${n}:${v}`).join("\n")}\n${request.headers.get("authorization") ?? ""}`;

const isKeptCall = (x: unknown): x is KeptCall =>
  typeof x === "object" && x !== null && typeof (x as KeptCall).url === "string" && typeof (x as KeptCall).auth === "boolean"
  && Array.isArray((x as KeptCall).headers)
  && (x as KeptCall).headers.every((h) => Array.isArray(h) && h.length === 2 && typeof h[0] === "string" && typeof h[1] === "string");

function readKept(storage: StorageShape): Map<string, ReadonlyArray<KeptCall>> {
  const raw = Effect.runSync(storage.get(LEARNED_START_KEY));
  if (raw === undefined) return new Map();
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return new Map();
    return new Map(parsed.filter((e): e is [string, KeptCall[]] => Array.isArray(e) && typeof e[0] === "string" && Array.isArray(e[1]) && e[1].every(isKeptCall)));
  } catch {
    return new Map();
  }
}

/**
 * Sends the kept calls of `page` now (when signed in) and returns the fetch that takes their
 * answers. Guarantees: a call gets a prefetched answer only when its method is GET and its URL and
 * every header (the secret included) are those of the prefetch, at most once per prefetch,
 * within PREFETCH_TTL_MS and before any call that is not a read; a prefetch that failed is not used; a kept call for another company than
 * the stored one is not sent; storage that cannot be read or written changes nothing but the speed.
 */
export function learnedStart(options: LearnedStartOptions): LearnedStart {
  const { storage, origin, page, secret, company, now } = options;
  const realFetch = options.fetch;
  const started = now();
  const waiting = new Map<string, { at: number; answer: Promise<Response> }>();
  const noted: KeptCall[] = [];
  const seen = new Set<string>();
  let recording = secret !== null;

  if (secret !== null) {
    for (const call of readKept(storage).get(page) ?? []) {
      const companyHeader = call.headers.find(([name]) => name === "api-company")?.[1];
      if (companyHeader !== undefined && companyHeader !== company) continue;
      const headers = new Headers(call.headers as Array<[string, string]>);
      if (call.auth) headers.set("authorization", `Bearer ${secret}`);
      const request = new Request(call.url, { method: "GET", headers, cache: "no-store" });
      const key = keyOf(request);
      if (waiting.has(key)) continue;
      const answer = realFetch(request);
      // Unused answers are dropped with the map; a failure is seen only by a call that takes it.
      answer.catch(() => undefined);
      waiting.set(key, { at: started, answer });
    }
    if (waiting.size > 0) {
      // Answers nobody took are let go (their bodies read or not) once they may no longer be taken.
      const purge = setTimeout(() => drop([...waiting.keys()]), PREFETCH_TTL_MS + 1);
      (purge as { unref?: () => void }).unref?.();
    }
  }

  function drop(keys: ReadonlyArray<string>): void {
    for (const key of keys) {
      const found = waiting.get(key);
      waiting.delete(key);
      void found?.answer.then((r) => r.body?.cancel(), () => undefined).catch(() => undefined);
    }
  }

  const note = (request: Request): void => {
    if (!recording || request.method !== "GET" || noted.length >= MAX_CALLS) return;
    if (now() - started > RECORD_MS) return;
    const url = new URL(request.url);
    if (url.origin !== origin || !url.pathname.startsWith("/api/") || SKIPPED.test(url.pathname)) return;
    const key = keyOf(request);
    if (seen.has(key)) return;
    seen.add(key);
    noted.push({ url: request.url, headers: headerList(request.headers), auth: request.headers.has("authorization") });
  };

  const learnedFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    // ky passes its Request with an options object (possibly empty); a plain call passes a URL.
    const request = input instanceof Request && (init === undefined || Object.keys(init).length === 0) ? input : new Request(input, init);
    note(request);
    // A write may change what a waiting answer says: none is taken after one.
    if (request.method !== "GET" && request.method !== "HEAD") drop([...waiting.keys()]);
    if (request.method === "GET" && waiting.size > 0) {
      const key = keyOf(request);
      const found = waiting.get(key);
      if (found !== undefined) {
        waiting.delete(key);
        if (now() - found.at <= PREFETCH_TTL_MS) {
          try {
            return await found.answer;
          } catch {
            // The prefetch did not reach the server: the call goes out itself.
          }
        }
      }
    }
    return realFetch(input, init);
  }) as typeof fetch;

  const finish = (): void => {
    if (!recording) return;
    recording = false;
    if (noted.length === 0) return;
    const kept = readKept(storage);
    kept.delete(page);
    kept.set(page, noted);
    const entries = [...kept.entries()].slice(-MAX_PAGES);
    // Storage that refuses (full, private mode) only loses the speed-up.
    Effect.runSync(Effect.ignore(storage.set(LEARNED_START_KEY, JSON.stringify(entries))));
  };

  const forget = (): void => {
    recording = false;
    drop([...waiting.keys()]);
    Effect.runSync(storage.remove(LEARNED_START_KEY));
  };

  return { fetch: learnedFetch, finish, forget };
}
