/**
 * A `fetch` for the VPN client connector that runs in a dedicated worker (connectorProbe.worker.ts),
 * so that the probe every 2,500 ms while no client runs leaves the page's console quiet (the
 * browser reports every refused connection of the page as a console error). Only what the
 * connector sends travels: method, headers, a text body; the answer comes back as status and text.
 * Without Worker support it is the page's own fetch.
 */
export function workerFetch(): typeof fetch {
  if (typeof Worker === "undefined") return (input, init) => globalThis.fetch(input, init);
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: Response) => void; reject: (e: unknown) => void }>();
  const start = (): Worker => {
    if (worker !== null) return worker;
    worker = new Worker(new URL("./connectorProbe.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<{ id: number; status?: number; text?: string; error?: string }>) => {
      const { id, status, text, error } = event.data;
      const waiting = pending.get(id);
      if (waiting === undefined) return;
      pending.delete(id);
      if (error !== undefined || status === undefined) waiting.reject(new TypeError(error ?? "Failed to fetch"));
      else waiting.resolve(new Response(status === 204 || status === 304 ? null : text ?? "", { status }));
    };
    return worker;
  };
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const id = nextId++;
      const signal = init.signal;
      if (signal?.aborted) return reject(signal.reason);
      pending.set(id, { resolve, reject });
      signal?.addEventListener("abort", () => {
        if (!pending.delete(id)) return;
        worker?.postMessage({ id, abort: true });
        reject(signal.reason);
      }, { once: true });
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const body = typeof init.body === "string" ? init.body : undefined;
      start().postMessage({ id, url: String(input instanceof Request ? input.url : input), init: { method: init.method ?? "GET", headers, ...(body === undefined ? {} : { body }) } });
    });
}
