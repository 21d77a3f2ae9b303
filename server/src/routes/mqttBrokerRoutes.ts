/**
 * MQTT broker clients (issue 12; manage:mqtt-brokers): list, bulk create, bulk edit and bulk
 * delete (api.md: one object or a list; one transaction, all or nothing, listIndex on the failing
 * item), item read, edit and delete, and the connection test. Core's rules judge the fields
 * (rules/mqttBrokers.ts). The password is sealed with the server's SecretBox before it is stored
 * and never answered: the wire carries `hasPassword`; an edit without a password keeps it. After a
 * change commits, the broker manager follows it (connects, reconnects or drops the client).
 */
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { Result } from "effect";
import type { MqttBroker } from "@portal/core/domain/MqttBroker";
import { NotFound } from "@portal/core/errors";
import { checkMqttBroker, effectiveClientId, passwordChange, type MqttBrokerFields, type MqttBrokerInput } from "@portal/core/rules/mqttBrokers";
import { writeAudit, type AuditEntry } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { companies, mqttBrokers } from "../db/schema";
import { atListIndex } from "../http/errorResponse";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import type { BrokerRow } from "../mqtt/MqttBrokerManager";
import { testMqttConnection } from "../mqtt/mqttConnect";
import { bulkItems, itemPublicId } from "./bodies";

const TOPIC = "MqttBroker";

type Body = MqttBrokerInput & { readonly password?: string | null | undefined; readonly publicId?: string | null | undefined };

const view = (ctx: RequestContext, r: BrokerRow): MqttBroker => ({
  publicId: r.publicId, name: r.name, host: r.host, port: r.port, tls: r.tls, clientId: r.clientId, username: r.username,
  hasPassword: r.passwordEncrypted !== null, topics: [...r.topics], enabled: r.enabled, status: ctx.deps.mqtt.statusOf(r),
});

/** What the audit trail keeps: the fields without the password, whose presence only is recorded. */
const auditValue = (r: BrokerRow) => ({
  publicId: r.publicId, name: r.name, host: r.host, port: r.port, tls: r.tls, clientId: r.clientId, username: r.username,
  hasPassword: r.passwordEncrypted !== null, topics: [...r.topics], enabled: r.enabled,
});

const orThrow = <A>(result: Result.Result<A, unknown>, listIndex?: number): A => {
  if (Result.isFailure(result)) throw listIndex === undefined ? result.failure : atListIndex(result.failure, listIndex);
  return result.success;
};

const lockCompany = (tx: Db, companyId: number) => tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");

const companyRows = (tx: Db, companyId: number) => tx.select().from(mqttBrokers).where(eq(mqttBrokers.companyId, companyId));

const fieldsOf = (r: BrokerRow): MqttBrokerFields & { publicId: string } => ({
  publicId: r.publicId, name: r.name, host: r.host, port: r.port, tls: r.tls, clientId: r.clientId, username: r.username, topics: r.topics, enabled: r.enabled,
});

/** The sealed password after an edit: kept, cleared or replaced (core's passwordChange). */
const sealedPassword = (ctx: RequestContext, value: unknown, stored: string | null): string | null => {
  const change = passwordChange(value);
  return change.kind === "keep" ? stored : change.kind === "clear" ? null : ctx.deps.secrets.seal(change.password);
};

/** Runs a change in one transaction with the company locked (name checks hold), then lets the manager follow. */
async function change<A>(ctx: RequestContext, fn: (tx: Db, companyId: number) => Promise<A>): Promise<A> {
  const companyId = companyOf(ctx).id;
  const result = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    return fn(tx, companyId);
  });
  void ctx.deps.mqtt.syncCompany(companyId).catch((e: unknown) => ctx.request.log.error({ err: e }, "mqtt sync failed"));
  return result;
}

async function createAll(ctx: RequestContext, items: ReadonlyArray<Body>, isList: boolean): Promise<BrokerRow[]> {
  return change(ctx, async (tx, companyId) => {
    const others: Array<{ publicId: string; name: string }> = (await companyRows(tx, companyId)).map((r) => ({ publicId: r.publicId, name: r.name }));
    const values = items.map((item, i) => {
      const fields = orThrow(checkMqttBroker(item, { others }), isList ? i : undefined);
      const publicId = newPublicId();
      others.push({ publicId, name: fields.name });
      return { ...fields, topics: [...fields.topics], publicId, companyId, passwordEncrypted: sealedPassword(ctx, item.password, null) };
    });
    const rows = await tx.insert(mqttBrokers).values(values).returning();
    await writeAudit(tx, actorOf(ctx), rows.map((r): AuditEntry => ({ action: "CREATE", topic: TOPIC, target: r.publicId, after: auditValue(r) })));
    return rows;
  });
}

async function updateAll(ctx: RequestContext, items: ReadonlyArray<{ publicId: string; body: Body }>, isList: boolean): Promise<BrokerRow[]> {
  return change(ctx, async (tx, companyId) => {
    const stored = await companyRows(tx, companyId);
    const byId = new Map(stored.map((r) => [r.publicId, r]));
    const names = new Map(stored.map((r) => [r.publicId, r.name]));
    const updated: BrokerRow[] = [];
    const audit: AuditEntry[] = [];
    for (const [i, { publicId, body }] of items.entries()) {
      const current = byId.get(publicId);
      if (!current) throw isList ? atListIndex(new NotFound({ entity: TOPIC, publicId }), i) : new NotFound({ entity: TOPIC, publicId });
      const others = [...names].map(([id, name]) => ({ publicId: id, name }));
      const fields = orThrow(checkMqttBroker(body, { others, current: fieldsOf(current) }), isList ? i : undefined);
      names.set(publicId, fields.name);
      const [row] = await tx.update(mqttBrokers)
        .set({ ...fields, topics: [...fields.topics], passwordEncrypted: sealedPassword(ctx, body.password, current.passwordEncrypted) })
        .where(eq(mqttBrokers.id, current.id)).returning();
      byId.set(publicId, row!);
      updated.push(row!);
      audit.push({ action: "UPDATE", topic: TOPIC, target: publicId, before: auditValue(current), after: auditValue(row!) });
    }
    await writeAudit(tx, actorOf(ctx), audit);
    return updated;
  });
}

async function deleteAll(ctx: RequestContext, ids: ReadonlyArray<string>, isList: boolean): Promise<BrokerRow[]> {
  return change(ctx, async (tx, companyId) => {
    const found = await tx.select().from(mqttBrokers).where(and(eq(mqttBrokers.companyId, companyId), inArray(mqttBrokers.publicId, [...ids])));
    const byId = new Map(found.map((r) => [r.publicId, r]));
    const rows = ids.map((publicId, i) => {
      const row = byId.get(publicId);
      if (!row) throw isList ? atListIndex(new NotFound({ entity: TOPIC, publicId }), i) : new NotFound({ entity: TOPIC, publicId });
      return row;
    });
    const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
    await tx.delete(mqttBrokers).where(inArray(mqttBrokers.id, unique.map((r) => r.id)));
    await writeAudit(tx, actorOf(ctx), unique.map((r): AuditEntry => ({ action: "DELETE", topic: TOPIC, target: r.publicId, before: auditValue(r) })));
    return rows;
  });
}

async function findBroker(db: Db, companyId: number, publicId: string): Promise<BrokerRow> {
  const [row] = await db.select().from(mqttBrokers).where(and(eq(mqttBrokers.companyId, companyId), eq(mqttBrokers.publicId, publicId)));
  if (!row) throw new NotFound({ entity: TOPIC, publicId });
  return row;
}

export const mqttBrokerRoutes: HandlersOf<"MqttBrokerList" | "MqttBroker" | "MqttConnectionTest"> = {
  "MqttBrokerList.GET": async (ctx) => {
    const { after, orderBy } = keyset([mqttBrokers.name, mqttBrokers.publicId], ctx.list.pageAfter);
    const where: SQL[] = [eq(mqttBrokers.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: mqttBrokers.publicId, type: "text" },
      name: { column: mqttBrokers.name, type: "text" },
      host: { column: mqttBrokers.host, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select().from(mqttBrokers).where(and(...where)).orderBy(...orderBy, asc(mqttBrokers.id)).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return { type: TOPIC, data: p.rows.map((r) => view(ctx, r)), moreAfter: p.moreAfter };
  },

  "MqttBrokerList.POST": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const rows = await createAll(ctx, items as Body[], isList);
    return { type: TOPIC, data: rows.map((r) => ({ publicId: r.publicId })), status: 201 };
  },

  "MqttBrokerList.PATCH": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const edits = items.map((item, i) => ({ publicId: itemPublicId(item, isList ? i : undefined), body: item as Body }));
    const rows = await updateAll(ctx, edits, isList);
    return { type: TOPIC, data: rows.map((r) => view(ctx, r)) };
  },

  "MqttBrokerList.DELETE": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const rows = await deleteAll(ctx, items.map((item, i) => itemPublicId(item, isList ? i : undefined)), isList);
    return { type: TOPIC, data: rows.map((r) => ({ publicId: r.publicId })) };
  },

  "MqttBroker.GET": async (ctx) => ({ type: TOPIC, data: view(ctx, await findBroker(ctx.db, companyOf(ctx).id, ctx.params["publicId"]!)) }),

  "MqttBroker.PATCH": async (ctx) => {
    const [row] = await updateAll(ctx, [{ publicId: ctx.params["publicId"]!, body: ctx.body }], false);
    return { type: TOPIC, data: view(ctx, row!) };
  },

  "MqttBroker.DELETE": async (ctx) => {
    const [row] = await deleteAll(ctx, [ctx.params["publicId"]!], false);
    return { type: TOPIC, data: { publicId: row!.publicId } };
  },

  "MqttConnectionTest.POST": async (ctx) => {
    const body = ctx.body as Body;
    const companyId = companyOf(ctx).id;
    const stored = typeof body.publicId === "string" && body.publicId !== "" ? await findBroker(ctx.db, companyId, body.publicId) : null;
    // The name does not matter to a test; the other fields are judged as a save would judge them.
    const fields = orThrow(checkMqttBroker({ ...body, name: "test" }, { others: [], ...(stored ? { current: fieldsOf(stored) } : {}) }));
    const change = passwordChange(body.password);
    const password = change.kind === "set" ? change.password : change.kind === "clear" || !stored?.passwordEncrypted ? null : ctx.deps.secrets.open(stored.passwordEncrypted);
    const clientId = `${effectiveClientId(fields.clientId, stored?.publicId ?? "test")}-test-${newPublicId().slice(0, 6)}`;
    const result = await testMqttConnection({ host: fields.host, port: fields.port, tls: fields.tls, clientId, username: fields.username, password });
    // The test reaches out from the server to a host the caller names: it is recorded like a change.
    await writeAudit(ctx.db, actorOf(ctx), [{
      action: "TRIGGER", topic: "MqttConnectionTest", target: stored?.publicId ?? "",
      after: { host: fields.host, port: fields.port, tls: fields.tls, ok: result.ok, ...(result.failure ? { failure: result.failure } : {}) },
    }]);
    return { type: "MqttConnectionTestResult", data: result };
  },
};
