/**
 * The event stream (Server-Sent Events) of the signed-in user. Clients read it with fetch
 * streaming and the Bearer header. `Last-Event-ID` replays what was missed; without it the
 * stream starts at the newest event. The stream ends when the token expires. A user holds at
 * most EventHub.maxStreamsPerUser streams at once: one more is a 429.
 */
import { RateLimited } from "@portal/core/errors";
import { decodeCursor } from "../events/EventHub";
import { userOf, type HandlersOf } from "../http/RequestContext";

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** The retry hint of a stream ended by a shutdown: soon, since a restart takes seconds. */
export const RECONNECT_AFTER_SHUTDOWN_MS = 1000;

export const eventRoutes: HandlersOf<"EventStream"> = {
  "EventStream.GET": async (ctx) => {
    const user = userOf(ctx);
    const hub = ctx.deps.events;
    const raw = ctx.request.headers["last-event-id"];
    // A cursor this server wrote; a plain id from before events carried their transaction; else now.
    const last = typeof raw !== "string" ? await hub.startCursor()
      : decodeCursor(raw) ?? (/^\d{1,15}$/.test(raw) ? await hub.cursorOfId(user.id, Number(raw)) : await hub.startCursor());
    const res = ctx.reply.raw;
    // On shutdown the stream ends with a short retry hint: the client reconnects (to this server
    // once it is back, or to another process) and replays what it missed by Last-Event-ID.
    // The socket is closed once the hint is out: a kept-alive idle socket would hold the close.
    const untrack = hub.track(user.id, () => res.end(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n: server shutting down\n\n`, () => res.socket?.end()));
    if (!untrack) {
      throw new RateLimited({
        message: `Too many open event streams (at most ${hub.maxStreamsPerUser} per user). Close another tab or window, then try again.`,
        retryAfterSeconds: 30,
      });
    }
    ctx.reply.hijack();
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const unsubscribe = hub.subscribe(user.id, last, (e) => {
      res.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`);
    });
    // Live data points (volatile: no id, so Last-Event-ID still names the last stored event).
    const unwatch = hub.live.open(user.id, (event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
    const msLeft = ctx.token ? ctx.token.expiresOn.getTime() - ctx.now : 0;
    const expiry = setTimeout(() => res.end(), Math.min(Math.max(msLeft, 0), 2 ** 31 - 1));
    res.on("close", () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      unwatch();
      untrack();
    });
    return { type: "Event", data: null, raw: true };
  },
};
