/**
 * The job queue of background work that outlives a request (report printing), on PostgreSQL
 * through pg-boss: jobs are rows fetched with SELECT … FOR UPDATE SKIP LOCKED, so several server
 * processes on one database share a queue and each job is taken by one of them; a job whose
 * worker died is retried after its expiry. pg-boss keeps its tables in its own schema (`pgboss`)
 * and migrates them itself, under an advisory lock.
 *
 * On PostgreSQL, pg-boss opens its own small pool on DATABASE_URL. On the embedded PGlite (one
 * connection, no TCP) it runs its SQL through pg-boss's documented `db` option (an object with
 * `executeSql(text, values)`) on the server's own PGlite client: PGlite runs one statement at a
 * time and waits for an open transaction to end, so the queue cannot interleave with a request's
 * transaction. pg-boss sends its schema and locked maintenance as one multi-statement text
 * without parameters, which PGlite runs with `exec` (the simple protocol), everything else with
 * `query`.
 */
import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";
import type { Database } from "../db/Database";

/** pg-boss's `db` option over a PGlite client. */
export function pgliteJobDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values === undefined || values.length === 0) {
        let results;
        try {
          results = await client.exec(text);
        } catch (e) {
          // pg-boss's locked texts open a transaction (BEGIN … COMMIT); one that failed half-way
          // would leave the server's only connection in an aborted transaction: end it here.
          if (client.isInTransaction()) await client.exec("rollback").catch(() => undefined);
          throw e;
        }
        // pg answers a multi-statement text with one result per statement; pg-boss only reads
        // rows of single statements, so the last result with rows is the answer.
        const last = [...results].reverse().find((r) => r.rows.length > 0) ?? results[results.length - 1];
        return { rows: last?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows as unknown[] };
    },
  };
}

export interface JobQueueOptions {
  /** Poll interval of workers in seconds (pg-boss's minimum is 0.5). */
  readonly pollingIntervalSeconds?: number;
}

/** A pg-boss instance on the server's database, started on first use. */
export class JobQueue {
  private boss: PgBoss | undefined;
  private starting: Promise<PgBoss> | undefined;
  private readonly created = new Set<string>();
  /** This process' worker of each queue, woken at once when this process adds a job. */
  private readonly workers = new Map<string, string>();
  private stopped = false;

  constructor(private readonly database: Database, private readonly onError: (e: unknown) => void, readonly options: JobQueueOptions = {}) {}

  /** Starts pg-boss (migrating its schema) once; later calls wait for the same start. */
  start(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error("the job queue is stopped"));
    this.starting ??= (async () => {
      const common = { supervise: true, schedule: false, migrate: true } as const;
      const boss = this.database.pglite
        ? new PgBoss({ ...common, db: pgliteJobDb(this.database.pglite) })
        : new PgBoss({ ...common, connectionString: this.database.url!, max: 3, application_name: "portal-jobs" });
      boss.on("error", this.onError);
      await boss.start();
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  /** Creates a queue once per process (idempotent in pg-boss too, under its lock). */
  private async queue(name: string, options: PgBoss.Queue): Promise<PgBoss> {
    const boss = await this.start();
    if (!this.created.has(name)) {
      await boss.createQueue(name, options);
      this.created.add(name);
    }
    return boss;
  }

  /** Adds a job; answers its id. */
  async send(name: string, data: object, options: PgBoss.Queue): Promise<string> {
    const boss = await this.queue(name, options);
    const id = await boss.send(name, data);
    if (!id) throw new Error(`the job queue refused a job of ${name}`);
    // A worker here need not wait for its next poll; workers of other processes find it on theirs.
    const worker = this.workers.get(name);
    if (worker) boss.notifyWorker(worker);
    return id;
  }

  /** Withdraws a job that has not run yet (nothing happens for one already taken or done). */
  async cancel(name: string, id: string): Promise<void> {
    if (!this.boss) return;
    await this.boss.cancel(name, id).catch(this.onError);
  }

  /** Runs `handler` for each job of `name`, one at a time in this process. */
  async work<T extends object>(name: string, options: PgBoss.Queue, handler: (data: T, id: string) => Promise<void>): Promise<void> {
    const boss = await this.queue(name, options);
    const worker = await boss.work<T>(name, { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 }, async (jobs) => {
      for (const job of jobs) await handler(job.data, job.id);
    });
    this.workers.set(name, worker);
  }

  /** Stops this process' workers of `name` (a job already taken finishes). */
  async offWork(name: string): Promise<void> {
    this.workers.delete(name);
    await this.boss?.offWork(name);
  }

  /** Stops polling, lets a running job finish (up to `timeoutMs`), and closes pg-boss's pool. */
  async stop(timeoutMs = 30_000): Promise<void> {
    this.stopped = true;
    const boss = await this.starting?.catch(() => undefined);
    if (!boss) return;
    // Waits for a running job (pg-boss's `wait`), then closes its own pool (PostgreSQL) or
    // leaves the server's PGlite client to the server.
    await boss.stop({ graceful: true, timeout: timeoutMs, close: true, wait: true }).catch(this.onError);
  }
}
