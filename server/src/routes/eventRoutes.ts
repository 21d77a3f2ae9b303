/**
 * The event stream (Server-Sent Events) of the signed-in user. Clients read it with fetch
 * streaming and the Bearer header. `Last-Event-ID` replays what was missed; without it the
 * stream starts at the newest event. The stream ends when the token expires.
 */
import { userOf, type HandlersOf } from "../http/RequestContext";

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

export const eventRoutes: HandlersOf<"EventStream"> = {
  "EventStream.GET": async (ctx) => {
    const user = userOf(ctx);
    const hub = ctx.deps.events;
    const raw = ctx.request.headers["last-event-id"];
    const last = typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : await hub.latestId(user.id);
    ctx.reply.hijack();
    const res = ctx.reply.raw;
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
    const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
    const msLeft = ctx.token ? ctx.token.expiresOn.getTime() - ctx.now : 0;
    const expiry = setTimeout(() => res.end(), Math.min(Math.max(msLeft, 0), 2 ** 31 - 1));
    const untrack = hub.track(() => res.end());
    res.on("close", () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      untrack();
    });
    return { type: "Event", data: null, raw: true };
  },
};
