/**
 * The mail form component (issue 13): a message from a dashboard to the recipients configured
 * on the page's mail form component, through the outbox (written in the request's transaction;
 * the SMTP worker sends it). The recipients are read from the stored page, never from the
 * request, so the form cannot mail anyone else; the draft version (the editor's preview) only
 * for those who manage pages. Each user may send MAIL_FORM_PER_USER per window (429 beyond),
 * counted in the database so that it holds across processes.
 */
import { and, eq } from "drizzle-orm";
import { Conflict, Forbidden, InvalidInput } from "@portal/core/errors";
import { attemptVerdict } from "@portal/core/rules/attemptLimits";
import { MAIL_FORM_NO_RECIPIENTS, MAIL_FORM_NOT_FOUND, MAIL_FORM_PER_USER, mailFormMail, mailFormRefused, parseRecipients } from "@portal/core/rules/mailForm";
import { REQUIRED } from "@portal/core/rules/serviceLogbook";
import { countAttemptIn } from "../auth/attemptCounters";
import { writeAudit } from "../audit/writeAudit";
import { pageVersions } from "../db/schema";
import { recordDevice } from "../devices/deviceRecords";
import { actorOf, companyOf, userOf, type HandlersOf } from "../http/RequestContext";
import { enqueueMails } from "../mail/outbox";
import { findPage } from "../pages/pageRows";

interface StoredComponent { id?: unknown; kind?: unknown; config?: Record<string, unknown> }

export const mailFormRoutes: HandlersOf<"AgentMailFormMessageList"> = {
  "AgentMailFormMessageList.POST": async (ctx) => {
    const body = ctx.body;
    const user = userOf(ctx);
    const { agent } = await recordDevice(ctx, ctx.db, ctx.params["publicId"]!);
    const version = body.version ?? "published";
    if (version === "draft" && !ctx.rights.has("manage:pages")) throw new Forbidden({ right: "manage:pages" });
    // Counted before anything else is judged: a refused or failing attempt costs one too.
    const counter = await countAttemptIn(ctx.db, ctx.now, { scope: "mail-form", key: user.publicId, policy: MAIL_FORM_PER_USER });
    const verdict = attemptVerdict(counter, ctx.now);
    if (!verdict.allowed) throw mailFormRefused(verdict.retryAfterMs);
    const message = (body.message ?? "").trim();
    if (message === "") throw new InvalidInput({ issues: [{ message: REQUIRED, propertyName: "message" }] });
    if (!body.page) throw new InvalidInput({ issues: [{ message: REQUIRED, propertyName: "page" }] });
    const page = await findPage(ctx.db, companyOf(ctx).id, body.page);
    const [row] = await ctx.db.select().from(pageVersions).where(and(eq(pageVersions.pageId, page.id), eq(pageVersions.state, version)));
    const component = (row?.components as StoredComponent[] | undefined)?.find((c) => c.id === body.component && c.kind === "mail-form");
    if (!row || !component) throw new InvalidInput({ issues: [{ message: MAIL_FORM_NOT_FOUND, propertyName: "component" }] });
    const config = component.config ?? {};
    const parsed = parseRecipients(typeof config["recipients"] === "string" ? config["recipients"] : "");
    if (!parsed.ok || parsed.recipients.length === 0) throw new Conflict({ issues: [{ message: MAIL_FORM_NO_RECIPIENTS, propertyName: "component" }] });
    const mail = mailFormMail({
      deviceName: agent.name, devicePublicId: agent.publicId, senderName: user.name, senderEmail: user.email,
      pageTitle: row.title, formTitle: typeof config["title"] === "string" ? config["title"] : "Mail form",
      subject: body.subject ?? (typeof config["subject"] === "string" ? config["subject"] : null), message,
      deviceLink: `${ctx.deps.mail.origin}/devices/${encodeURIComponent(agent.publicId)}`,
    });
    await ctx.db.transaction(async (tx) => {
      await enqueueMails(tx, ctx.deps.mail, companyOf(ctx).id, parsed.recipients.map((to) => ({ to, ...mail })), new Date(ctx.now));
      await writeAudit(tx, actorOf(ctx), [{
        action: "TRIGGER", topic: "MailForm", target: agent.publicId,
        after: { page: page.publicId, component: body.component, recipients: parsed.recipients, subject: mail.subject },
      }]);
    });
    return { type: "MailFormResult", status: 201, data: { recipients: parsed.recipients.length } };
  },
};
