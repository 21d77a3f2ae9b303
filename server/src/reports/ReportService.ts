/**
 * Queued reports (issue 13): the queue call adds a pg-boss job (jobQueue.ts); a worker in any
 * server process on the database takes it, marks the report running, mints a single-use render
 * credential bound to the report (stored as SHA-256, valid RENDER_CREDENTIAL_TTL_MS), opens the
 * web app's print route in Chromium with it (pdfPrinter.ts), stores the PDF and tells every member
 * who may see the company's reports through the event stream (reportEvents.ts). Every failure (no Chromium, a page that never became
 * ready, a deleted page) ends the report as failed with a sentence saying why; nothing throws
 * out of the worker.
 */
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { ReportStatus } from "@portal/core/domain/Report";
import {
  REPORT_FAILURES, REPORT_MAX_BYTES, REPORT_READY_TIMEOUT_MS, RENDER_CREDENTIAL_TTL_MS, reportPeriodLabel, reportStatusesBefore,
} from "@portal/core/rules/reports";
import { hashSecret, newSecret } from "../auth/secrets";
import type { Database, Db } from "../db/Database";
import { assets, pages, pageVersions, reportFiles, reportRuns, reports } from "../db/schema";
import { nowOf, type Clock } from "../http/Clock";
import { pagesOf } from "../pages/pageRows";
import type { JobQueue } from "./jobQueue";
import { ChromiumMissing, PageNotReady, type PrintPdf } from "./pdfPrinter";
import { printMargins } from "./printMargins";
import { publishReportChanged } from "./reportEvents";
import { reportView } from "./reportRows";

export const REPORT_QUEUE = "report-print";
/** A queued report without a job for this long is an orphan (its request takes milliseconds from commit to job). */
export const ORPHAN_AFTER_MS = 60_000;
/** pg-boss queue options: one retry for a job whose worker died (expired), none for a failure the worker recorded. */
const QUEUE_OPTIONS = { name: REPORT_QUEUE, retryLimit: 1, retryDelay: 5, expireInSeconds: 15 * 60 } as const;

interface ReportJob { readonly report: string }

export interface ReportServiceOptions {
  readonly database: Database;
  readonly clock: Clock;
  readonly queue: JobQueue;
  readonly print: PrintPdf;
  readonly onError: (e: unknown) => void;
  readonly readyTimeoutMs?: number;
}

export class ReportService {
  /** The web app's origin the worker prints from; set when the server listens (startWorker). */
  private origin: string | undefined;
  /** The periodic requeueOrphans of a running worker, and its last run. */
  private sweep: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ReportServiceOptions) {}

  private get db(): Db { return this.options.database.db; }

  /**
   * Adds the job of a report that was just stored as queued and records the job's id on it; a queue
   * that refuses fails the report with the reason.
   */
  async enqueue(reportId: number, publicId: string): Promise<void> {
    let jobId: string;
    try {
      jobId = await this.options.queue.send(REPORT_QUEUE, { report: publicId } satisfies ReportJob, QUEUE_OPTIONS);
    } catch (e) {
      await this.finish(reportId, "failed", { failureReason: REPORT_FAILURES.printFailed(`the job queue refused it (${messageOf(e)})`) });
      return;
    }
    await this.db.update(reports).set({ jobId }).where(eq(reports.id, reportId));
  }

  /**
   * Queues the reports left queued without a job for longer than `olderThanMs`: their process
   * stopped between the report's commit and its job (a deploy, a crash), and they would have stayed
   * "queued" for good. A report whose job was sent but whose id was not recorded gets a second job,
   * which finds it no longer queued and does nothing. The number queued.
   */
  async requeueOrphans(olderThanMs = ORPHAN_AFTER_MS): Promise<number> {
    const orphans = await this.db.select({ id: reports.id, publicId: reports.publicId }).from(reports)
      .where(and(eq(reports.status, "queued"), isNull(reports.jobId), lt(reports.createdAt, new Date(nowOf(this.options.clock) - olderThanMs))));
    for (const r of orphans) await this.enqueue(r.id, r.publicId);
    return orphans.length;
  }

  /**
   * Starts taking jobs in this process, printing from the web app at `origin`. Queues the reports
   * left without a job now and every ORPHAN_AFTER_MS (a process that stopped may never come back).
   */
  async startWorker(origin: string): Promise<void> {
    this.origin = origin.replace(/\/+$/, "");
    await this.options.queue.work<ReportJob>(REPORT_QUEUE, QUEUE_OPTIONS, (job) => this.run(job.report));
    const sweep = () => { this.sweeping = this.requeueOrphans().catch((e: unknown) => this.options.onError(e)); return this.sweeping; };
    await sweep();
    if (!this.sweep) {
      this.sweep = setInterval(() => void sweep(), ORPHAN_AFTER_MS);
      this.sweep.unref();
    }
  }

  /** Stops taking jobs in this process (another process takes them); resumeWorker starts again. */
  async pauseWorker(): Promise<void> {
    this.stopSweep();
    await this.options.queue.offWork(REPORT_QUEUE);
  }

  /** Stops the sweep for reports left without a job (the job queue stops on its own), before the database closes. */
  async stop(): Promise<void> {
    this.stopSweep();
    await this.sweeping;
  }

  private stopSweep(): void {
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = undefined;
  }

  async resumeWorker(): Promise<void> {
    if (this.origin) await this.startWorker(this.origin);
  }

  /** Prints one report; never throws (a failure is the report's status and reason). */
  async run(publicId: string): Promise<void> {
    const [row] = await this.db.select().from(reports).where(eq(reports.publicId, publicId));
    if (!row || !reportStatusesBefore("running").includes(row.status)) return;
    const credential = newSecret();
    const now = nowOf(this.options.clock);
    const started = await this.db.update(reports).set({
      status: "running", renderCredentialHash: hashSecret(credential), renderCredentialExpiresAt: new Date(now + RENDER_CREDENTIAL_TTL_MS),
    }).where(and(eq(reports.id, row.id), inArray(reports.status, reportStatusesBefore("running")))).returning({ id: reports.id });
    if (started.length === 0) return;
    await this.tell(row.id);
    try {
      const pdf = await this.print(row, credential);
      if (pdf.length > REPORT_MAX_BYTES) throw new ReportFailure(REPORT_FAILURES.tooLarge(REPORT_MAX_BYTES / 1024 / 1024));
      await this.finish(row.id, "done", { size: pdf.length, ran: true }, pdf);
    } catch (e) {
      await this.finish(row.id, "failed", { failureReason: reasonOf(e, this.options.readyTimeoutMs ?? REPORT_READY_TIMEOUT_MS), ran: true });
    }
  }

  private async print(row: typeof reports.$inferSelect, credential: string): Promise<Buffer> {
    if (!this.origin) throw new ReportFailure(REPORT_FAILURES.printFailed("this server has no address of the web app to print from"));
    if (row.pageId === null) throw new ReportFailure(REPORT_FAILURES.pageGone);
    const [page] = await this.db.select().from(pages).where(eq(pages.id, row.pageId));
    if (!page) throw new ReportFailure(REPORT_FAILURES.pageGone);
    const [state] = await pagesOf(this.db, [page]);
    const version = [state!.draft, state!.published].find((v) => v?.publicId === row.versionPublicId);
    if (!version) throw new ReportFailure(REPORT_FAILURES.versionGone);
    const start = row.periodStart.toISOString(), end = row.periodEnd.toISOString();
    const target = row.agentName ?? row.assetName ?? null;
    const view = await reportView(this.db, row.id);
    const device = view?.agent ? `/agent/${view.agent.publicId}` : view?.asset ? `/asset/${view.asset.publicId}` : "";
    // The spec's print path (/reports/{id}/version/{id}/(agent|asset)/{id}); the credential rides
    // in the fragment, which the browser never sends to a server.
    const url = `${this.origin}/reports/${page.publicId}/version/${version.publicId}${device}`
      + `#report=${encodeURIComponent(row.publicId)}&credential=${encodeURIComponent(credential)}`;
    return this.options.print({
      url, timeZone: row.timeZone, readyTimeoutMs: this.options.readyTimeoutMs ?? REPORT_READY_TIMEOUT_MS,
      ...printMargins(version, target, reportPeriodLabel(start, end, row.timeZone)),
    });
  }

  /**
   * Ends a report (running → done or failed), stores the PDF, clears the credential, counts the
   * run in the usage of its device (`ran`: the worker took it) and tells the report's watchers, all in one
   * transaction: a run is counted once, with the report's end.
   */
  private async finish(
    reportId: number, status: Extract<ReportStatus, "done" | "failed">, fields: { size?: number; failureReason?: string; ran?: boolean }, pdf?: Buffer,
  ): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const finishedAt = new Date(nowOf(this.options.clock));
        const ended = await tx.update(reports).set({
          status, size: fields.size ?? null, failureReason: fields.failureReason ?? null, finishedAt,
          renderCredentialHash: null, renderCredentialExpiresAt: null,
        }).where(and(eq(reports.id, reportId), inArray(reports.status, reportStatusesBefore(status))))
          .returning({ companyId: reports.companyId, agentId: reports.agentId, assetId: reports.assetId });
        const report = ended[0];
        if (!report) return; // deleted meanwhile: nothing to store, count or tell
        if (pdf) await tx.insert(reportFiles).values({ reportId, pdf }).onConflictDoUpdate({ target: reportFiles.reportId, set: { pdf } });
        if (fields.ran) {
          const [asset] = report.agentId === null && report.assetId !== null
            ? await tx.select({ agentId: assets.agentId }).from(assets).where(eq(assets.id, report.assetId))
            : [];
          await tx.insert(reportRuns).values({ companyId: report.companyId, agentId: report.agentId ?? asset?.agentId ?? null, status, finishedAt });
        }
        await this.tellIn(tx, reportId);
      });
    } catch (e) {
      this.options.onError(e);
    }
  }

  private async tell(reportId: number): Promise<void> {
    await this.db.transaction((tx) => this.tellIn(tx, reportId)).catch(this.options.onError);
  }

  /** Publishes the report's state to every member who may see the company's reports (in `tx`). */
  private async tellIn(tx: Db, reportId: number): Promise<void> {
    await publishReportChanged(tx, reportId, nowOf(this.options.clock));
  }
}

/** A failure whose message is already the sentence the report shows. */
class ReportFailure extends Error {}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split("\n")[0]!.slice(0, 300);

/** The sentence a failed report shows for `e`. */
function reasonOf(e: unknown, readyTimeoutMs: number): string {
  if (e instanceof ReportFailure) return e.message;
  if (e instanceof ChromiumMissing) return REPORT_FAILURES.chromiumMissing(e.path);
  if (e instanceof PageNotReady) return REPORT_FAILURES.notReady(Math.round(readyTimeoutMs / 1000));
  return REPORT_FAILURES.printFailed(messageOf(e));
}
