/**
 * The runners of backend component templates (issue 13; spec 2 "mapped to a runner deployment by
 * company and template id"). A runner is the pair (company, template), named and placed by core's
 * runnerDeployment on one of the company's mdr platform servers. This module is what a runner
 * does here: it records what happens to it as log lines (deployed, config loaded, subscribed,
 * unsubscribed) and, for every MQTT message of the company's brokers that matches one of the
 * company's subscriptions of the template, a line quoting the message. The company downloads the
 * lines of its own runner as cloud-function.log (BackendTemplateLogs).
 *
 * Lines live in template_logs; a runner keeps its newest TEMPLATE_LOG_MAX_LINES, the older ones are
 * deleted as new ones arrive.
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { logLine, runnerDeployment, TEMPLATE_LOG_MAX_LINES, topicMatches, type RunnerEvent } from "@portal/core/rules/backendTemplates";
import { rowsOf, type Db } from "../db/Database";
import { backendTemplates, companies, messageSubscriptions, platformServers, templateLogs } from "../db/schema";

/** The runner of (company, template): its name and the name of the mdr server it runs on, or null. */
export async function runnerOf(db: Db, company: { id: number; publicId: string }, templatePublicId: string) {
  const servers = await db.select({ publicId: platformServers.publicId, name: platformServers.name, type: platformServers.type })
    .from(platformServers).where(eq(platformServers.companyId, company.id));
  const runner = runnerDeployment(company.publicId, templatePublicId, servers);
  return { name: runner.name, server: runner.server?.name ?? null };
}

/**
 * Appends lines to the runners named by (companyId, templateId), then drops what is beyond
 * TEMPLATE_LOG_MAX_LINES for each runner touched. Runs in the caller's transaction.
 */
export async function appendLogs(db: Db, at: Date, entries: ReadonlyArray<{ company: { id: number; publicId: string }; template: { id: number; publicId: string }; event: RunnerEvent }>): Promise<void> {
  if (entries.length === 0) return;
  const names = new Map<string, string>();
  const rows: Array<typeof templateLogs.$inferInsert> = [];
  for (const e of entries) {
    const key = `${e.company.id}:${e.template.id}`;
    const name = names.get(key) ?? (await runnerOf(db, e.company, e.template.publicId)).name;
    names.set(key, name);
    rows.push({ companyId: e.company.id, templateId: e.template.id, line: logLine(at, name, e.event) });
  }
  await db.insert(templateLogs).values(rows);
  for (const key of names.keys()) {
    const [companyId, templateId] = key.split(":").map(Number) as [number, number];
    const [edge] = rowsOf<{ id: number }>(await db.execute(sql`
      select id from ${templateLogs} where company_id = ${companyId} and template_id = ${templateId}
      order by id desc offset ${TEMPLATE_LOG_MAX_LINES} limit 1`));
    if (edge) {
      await db.delete(templateLogs).where(and(eq(templateLogs.companyId, companyId), eq(templateLogs.templateId, templateId), lt(templateLogs.id, Number(edge.id) + 1)));
    }
  }
}

/** The deployment line of a runner, with the server it landed on. */
export async function logDeployed(db: Db, at: Date, company: { id: number; publicId: string }, template: { id: number; publicId: string }): Promise<void> {
  const runner = await runnerOf(db, company, template.publicId);
  await appendLogs(db, at, [{ company, template, event: { kind: "deployed", server: runner.server } }]);
}

/** The lines of a runner, oldest first, as the downloaded file's text (one line each, ending in a newline). */
export async function logText(db: Db, companyId: number, templateId: number): Promise<string> {
  const rows = await db.select({ line: templateLogs.line }).from(templateLogs)
    .where(and(eq(templateLogs.companyId, companyId), eq(templateLogs.templateId, templateId))).orderBy(asc(templateLogs.id));
  return rows.map((r) => `${r.line}\n`).join("");
}

/**
 * A message arrived on a broker of the company: every subscription of the company whose topic
 * filter matches gets a log line in its runner. Answers how many lines were written.
 */
export async function deliverMessage(db: Db, companyId: number, topic: string, payload: string, at: Date): Promise<number> {
  const subs = await db.select({
    filter: messageSubscriptions.topic, templateId: backendTemplates.id, templatePublicId: backendTemplates.publicId, companyPublicId: companies.publicId,
  }).from(messageSubscriptions)
    .innerJoin(backendTemplates, eq(backendTemplates.id, messageSubscriptions.templateId))
    .innerJoin(companies, eq(companies.id, messageSubscriptions.companyId))
    .where(eq(messageSubscriptions.companyId, companyId));
  const hits = subs.filter((s) => topicMatches(s.filter, topic));
  // One line per template even when two of its subscriptions match: a runner gets a message once.
  const templates = [...new Map(hits.map((s) => [s.templateId, s])).values()];
  await appendLogs(db, at, templates.map((s) => ({
    company: { id: companyId, publicId: s.companyPublicId }, template: { id: s.templateId, publicId: s.templatePublicId },
    event: { kind: "message", topic, payload },
  })));
  return templates.length;
}
