/**
 * LISTEN on PostgreSQL that survives its connection: when the server ends it (restart,
 * failover, pg_terminate_backend, network), it reconnects with a growing delay and LISTENs
 * again, then calls `onResume`, because notifications sent while it was away are lost and the
 * caller must catch up (re-read events, drop cached entries).
 */
import pg from "pg";

/** Delays between reconnection attempts (ms): quick first, then at most every 5 s. */
export const RECONNECT_DELAYS_MS: ReadonlyArray<number> = [50, 200, 1_000, 5_000];

export interface PgListener {
  /** Ends the connection for good; no more reconnection. */
  stop(): Promise<void>;
}

/** Connects and LISTENs before resolving (a first failure rejects, like any start failure). */
export async function pgListen(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResume: () => void = () => undefined,
): Promise<PgListener> {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => { if (n.channel === channel) onPayload(n.payload ?? ""); });
    // 'error' then 'end' both follow a lost connection; reconnect once, on 'end'.
    c.on("error", () => undefined);
    c.on("end", () => { if (!stopped && client === c) schedule(); });
    client = c;
    await c.connect();
    await c.query(`LISTEN "${channel.replace(/"/g, "")}"`);
  };

  const schedule = (): void => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt++;
    timer = setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      connect().then(() => { attempt = 0; onResume(); }, () => {
        const failed = client;
        client = undefined;
        void failed?.end().catch(() => undefined);
        if (!stopped) schedule();
      });
    }, delay);
    timer.unref();
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
