/** An SSE client for tests: opens GET /api/events and collects the events as they come. */

export interface SseEvent { id: string; event: string; data: unknown }

/**
 * Opens the stream and collects events as they come: stored events (with an id) in `events`, the
 * volatile ones without an id (the stream's id, live data points) in `live`.
 */
export async function openStream(baseUrl: string, secret: string, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { "api-version": "2", authorization: `Bearer ${secret}`, ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const live: SseEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.split("\n").find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          if (field("event")) (field("id") ? events : live).push({ id: field("id")!, event: field("event")!, data: JSON.parse(field("data") ?? "null") });
        }
      }
    } catch { /* aborted */ }
  })();
  const waitFor = async (n: number, timeoutMs = 5000) => {
    const until = Date.now() + timeoutMs;
    while (events.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return events;
  };
  const waitForLive = async (n: number, timeoutMs = 5000) => {
    const until = Date.now() + timeoutMs;
    while (live.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return live;
  };
  return { res, events, live, waitFor, waitForLive, close: () => controller.abort() };
}
