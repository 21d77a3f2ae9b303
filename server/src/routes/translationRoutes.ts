/**
 * Translations: list (with languages), batch create (a stored key is a 409 Duplicate), upsert
 * (`POST ?mode=upsert`: adds unknown keys, changes differing ones, answers the counts), batch
 * PATCH by publicId and batch DELETE. Validation and the upsert plan are core's
 * (rules/translations). Bulk rows travel as one JSON parameter per statement, so a batch of
 * 10,000 keys is a handful of statements rather than 10,000.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { Result } from "effect";
import { Conflict, InvalidInput, NotFound, type ValidationIssue } from "@portal/core/errors";
import type { Languages, Translation } from "@portal/core/domain/Translation";
import { rowsThatFit } from "@portal/core/rules/pageBytes";
import { DUPLICATE, planTranslationUpsert, REQUIRED_LANGUAGE, storedKeyClashes, validateTranslationBatch } from "@portal/core/rules/translations";
import { AUDIT_TEXT_MAX_CHARS, boundAuditValue, writeAudit } from "../audit/writeAudit";
import { rowsOf, type Db } from "../db/Database";
import { companies, translations } from "../db/schema";
import { atListIndex } from "../http/errorResponse";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type RequestContext, type HandlersOf } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { ROWS_PER_READ, ROWS_PER_STATEMENT, rowsPerStatement } from "./batchWork";
import { bulkItems, itemPublicId } from "./bodies";

const TOPIC = "Translation";
/**
 * Rows per statement on PGlite, which runs a statement on this thread: bounded so that one does
 * not hold the event loop for long (1,000 rows of insert plus audit took 35 to 90 ms of CPU, 250
 * take a quarter). A PostgreSQL server runs it elsewhere, so there one statement carries the whole
 * batch (rowsPerStatement): each more statement costs a round trip and a plan.
 */
const PGLITE_ROWS = ROWS_PER_STATEMENT;

/** A turn for other requests between two statements of a batch. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const json = (t: { publicId: string; key: string; languages: Languages }) => ({ publicId: t.publicId, key: t.key, languages: t.languages });
/** Size of a row in the answer, for pages bounded in characters (core's rowsThatFit). */
const jsonChars = (row: unknown): number => JSON.stringify(row).length;

const chunks = <T>(items: ReadonlyArray<T>, size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Rows per statement of this request's database (see PGLITE_ROWS). */
const sizeOf = (ctx: RequestContext): number => rowsPerStatement(ctx.deps.database.kind, PGLITE_ROWS);
/**
 * Keys per lookup of stored keys: a read by the unique index costs PGlite far less than a write
 * (ROWS_PER_READ), so 10,000 keys take 5 statements there instead of 40.
 */
const readSizeOf = (ctx: RequestContext): number => rowsPerStatement(ctx.deps.database.kind, ROWS_PER_READ);

/** Drops listIndex when the body was a single object (there is no list to point into). */
const forBody = <E extends InvalidInput | Conflict>(error: E, isList: boolean): E | InvalidInput | Conflict => {
  if (isList) return error;
  const issues = error.issues.map(({ listIndex: _drop, ...rest }) => rest as ValidationIssue);
  return error._tag === "InvalidInput" ? new InvalidInput({ issues }) : new Conflict({ issues });
};

const validated = (items: ReadonlyArray<unknown>, isList: boolean) => {
  const result = validateTranslationBatch(items);
  if (Result.isFailure(result)) throw forBody(result.failure, isList);
  return result.success;
};

const lockCompany = (tx: Db, companyId: number) => tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");

/** Stored translations of the company with any of `keys`. */
async function storedByKeys(tx: Db, companyId: number, keys: ReadonlyArray<string>, size: number): Promise<Translation[]> {
  const out: Translation[] = [];
  for (const [i, part] of chunks(keys, size).entries()) {
    if (i > 0) await nextTurn();
    const rows = rowsOf<{ public_id: string; key: string; languages: Languages }>(await tx.execute(sql`
      select public_id, key, languages from translations
      where company_id = ${companyId} and key in (select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))`));
    out.push(...rows.map((r) => ({ publicId: r.public_id, key: r.key, languages: r.languages })));
  }
  return out;
}

/**
 * Inserts translations and their CREATE audit rows in one statement per chunk: the rows cross
 * the wire and are parsed once, which keeps a 10,000-key upsert close to a raw insert. The audit
 * rows carry the same fields writeAudit writes.
 */
async function insertAudited(tx: Db, ctx: RequestContext, companyId: number, rows: ReadonlyArray<Translation>): Promise<void> {
  const actor = actorOf(ctx);
  for (const [i, part] of chunks(rows, sizeOf(ctx)).entries()) {
    if (i > 0) await nextTurn();
    // Oversized texts get writeAudit's bounded form; the others are copied in SQL as they are.
    const withAuditIds = part.map((t) => ({
      ...t, auditId: newPublicId(),
      auditAfter: Object.values(t.languages).some((text) => text.length > AUDIT_TEXT_MAX_CHARS) ? boundAuditValue(json(t)) : null,
    }));
    await tx.execute(sql`
      with x as (
        select * from jsonb_to_recordset(${JSON.stringify(withAuditIds)}::jsonb) as x("publicId" text, key text, languages jsonb, "auditId" text, "auditAfter" jsonb)
      ), inserted as (
        insert into translations (public_id, company_id, key, languages)
        select x."publicId", ${companyId}::int, x.key, x.languages from x
      )
      insert into audit_logs (public_id, company_id, actor_user_id, action, topic, target, before, after, client_address, created_at)
      select x."auditId", ${actor.companyId}::int, ${actor.userId}::int, 'CREATE', ${TOPIC}, x."publicId", null,
             coalesce(x."auditAfter", jsonb_build_object('publicId', x."publicId", 'key', x.key, 'languages', x.languages)),
             ${actor.clientAddress}::text, ${actor.at.toISOString()}::timestamptz
      from x`);
  }
}

async function updateRows(tx: Db, companyId: number, rows: ReadonlyArray<Translation>, size: number): Promise<void> {
  for (const [i, part] of chunks(rows, size).entries()) {
    if (i > 0) await nextTurn();
    await tx.execute(sql`
      update translations t set key = x.key, languages = x.languages
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x("publicId" text, key text, languages jsonb)
      where t.public_id = x."publicId" and t.company_id = ${companyId}`);
  }
}

/** Stored translations by publicId, in the order asked; NotFound (with listIndex for lists) when one is missing. */
async function storedByIds(tx: Db, companyId: number, ids: ReadonlyArray<string>, isList: boolean, size = PGLITE_ROWS): Promise<Translation[]> {
  const found = new Map<string, Translation>();
  for (const [i, part] of chunks(ids, size).entries()) {
    if (i > 0) await nextTurn();
    const rows = await tx.select().from(translations).where(and(eq(translations.companyId, companyId), inArray(translations.publicId, part)));
    for (const r of rows) found.set(r.publicId, { publicId: r.publicId, key: r.key, languages: r.languages });
  }
  return ids.map((id, i) => {
    const t = found.get(id);
    if (!t) {
      const missing = new NotFound({ entity: TOPIC, publicId: id });
      throw isList ? atListIndex(missing, i) : missing;
    }
    return t;
  });
}

async function create(ctx: RequestContext, body: unknown) {
  const { items, isList } = bulkItems(body, TOPIC);
  const batch = validated(items, isList);
  const companyId = companyOf(ctx).id;
  const rows = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const clashes = storedKeyClashes(await storedByKeys(tx, companyId, batch.map((b) => b.key), readSizeOf(ctx)), batch);
    if (clashes.length > 0) throw forBody(new Conflict({ issues: clashes }), isList);
    const created = batch.map((b) => ({ publicId: newPublicId(), key: b.key, languages: b.languages }));
    await insertAudited(tx, ctx, companyId, created);
    return created;
  });
  return { type: TOPIC, data: rows.map((r) => ({ publicId: r.publicId })), status: 201 };
}

async function upsert(ctx: RequestContext, body: unknown) {
  const { items, isList } = bulkItems(body, TOPIC);
  const batch = validated(items, isList);
  const companyId = companyOf(ctx).id;
  const counts = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const plan = planTranslationUpsert(await storedByKeys(tx, companyId, batch.map((b) => b.key), readSizeOf(ctx)), batch);
    const added = plan.add.map((b) => ({ publicId: newPublicId(), key: b.key, languages: b.languages }));
    await insertAudited(tx, ctx, companyId, added);
    await updateRows(tx, companyId, plan.change.map((c) => ({ publicId: c.publicId, key: c.key, languages: c.after })), sizeOf(ctx));
    await writeAudit(tx, actorOf(ctx), [
      ...plan.change.map((c) => ({
        action: "UPDATE" as const, topic: TOPIC, target: c.publicId,
        before: { publicId: c.publicId, key: c.key, languages: c.before }, after: { publicId: c.publicId, key: c.key, languages: c.after },
      })),
    ]);
    // created/updated repeat added/changed under the names of core's UpsertResult.
    return {
      added: added.length, changed: plan.change.length, unchanged: plan.unchanged.length,
      created: added.length, updated: plan.change.length,
    };
  });
  return { type: "TranslationUpsert", data: counts };
}

async function patch(ctx: RequestContext, body: unknown, isItem: boolean) {
  const { items, isList } = bulkItems(body, TOPIC);
  const companyId = companyOf(ctx).id;
  const ids = items.map((item, i) => itemPublicId(item, isList ? i : undefined));
  const updated = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const stored = await storedByIds(tx, companyId, ids, isList, sizeOf(ctx));
    const merged = items.map((item, i) => ({
      key: "key" in item ? item["key"] : stored[i]!.key,
      languages: "languages" in item ? item["languages"] : stored[i]!.languages,
    }));
    const batch = validated(merged, isList && !isItem);
    // A key moving between two translations of the same batch is not a clash: only keys held
    // outside the batch count.
    const batchIds = new Set(ids);
    const others = (await storedByKeys(tx, companyId, batch.map((b) => b.key), readSizeOf(ctx))).filter((t) => !batchIds.has(t.publicId));
    const clashes = storedKeyClashes(others, batch.map((b, i) => ({ key: b.key, publicId: ids[i]! })));
    if (clashes.length > 0) throw forBody(new Conflict({ issues: clashes }), isList);
    const after = batch.map((b, i) => ({ publicId: ids[i]!, key: b.key, languages: b.languages }));
    await updateRows(tx, companyId, after, sizeOf(ctx));
    await writeAudit(tx, actorOf(ctx), after.map((t, i) => ({ action: "UPDATE", topic: TOPIC, target: t.publicId, before: json(stored[i]!), after: json(t) })));
    return after;
  });
  return updated;
}

async function remove(ctx: RequestContext, body: unknown) {
  const { items, isList } = bulkItems(body, TOPIC);
  const companyId = companyOf(ctx).id;
  const ids = items.map((item, i) => itemPublicId(item, isList ? i : undefined));
  const seen = new Set<string>();
  const dup = ids.findIndex((id) => seen.size === seen.add(id).size);
  if (dup >= 0) throw new Conflict({ issues: [{ message: DUPLICATE, propertyName: "publicId", listIndex: dup }] });
  const removed = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const stored = await storedByIds(tx, companyId, ids, isList, sizeOf(ctx));
    for (const [i, part] of chunks(ids, sizeOf(ctx)).entries()) {
      if (i > 0) await nextTurn();
      await tx.delete(translations).where(and(eq(translations.companyId, companyId), inArray(translations.publicId, part)));
    }
    await writeAudit(tx, actorOf(ctx), stored.map((t) => ({ action: "DELETE", topic: TOPIC, target: t.publicId, before: json(t) })));
    return stored;
  });
  return removed.map((t) => ({ publicId: t.publicId }));
}

/** The English text lower-cased, byte-wise: the "english" sort, as the index on it is declared (schema.ts). */
const ENGLISH_SORT = sql`(lower(${translations.languages} ->> 'en') collate "C")`;
const KEY_BYTES = sql`(${translations.key} collate "C")`;
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** core's matchesTranslationSearch in SQL: the search in the key or in any language's text, case-insensitively. */
const searchCondition = (search: string): SQL => {
  const pattern = `%${escapeLike(search)}%`;
  return sql`(${translations.key} ilike ${pattern} or exists (select 1 from jsonb_each_text(${translations.languages}) as l(code, text) where l.text ilike ${pattern}))`;
};

export const translationRoutes: HandlersOf<"TranslationList" | "Translation"> = {
  "TranslationList.GET": async (ctx) => {
    const where: SQL[] = [eq(translations.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: translations.publicId, type: "text" },
      key: { column: translations.key, type: "text" },
    })];
    const search = typeof ctx.query["search"] === "string" ? ctx.query["search"].trim() : "";
    if (search !== "") where.push(searchCondition(search));
    if (ctx.query["sort"] === "english") {
      // On the index translations_company_english (migration 0027), byte-wise, as the cursor compares.
      const cursor = ctx.list.pageAfter;
      if (cursor !== undefined && (cursor.length !== 2 || cursor.some((v) => typeof v !== "string"))) {
        throw new InvalidInput({ issues: [{ message: "Invalid cursor", propertyName: "page-after" }] });
      }
      if (cursor) where.push(sql`(${ENGLISH_SORT}, ${KEY_BYTES}) > (${cursor[0]} collate "C", ${cursor[1]} collate "C")`);
      const rows = await ctx.db.select({ publicId: translations.publicId, key: translations.key, languages: translations.languages })
        .from(translations).where(and(...where)).orderBy(ENGLISH_SORT, KEY_BYTES).limit(ctx.list.pageSize + 1);
      const p = page(rows, rowsThatFit(rows, ctx.list.pageSize, jsonChars), (r) => [(r.languages[REQUIRED_LANGUAGE] ?? "").toLowerCase(), r.key]);
      return { type: TOPIC, data: p.rows, moreAfter: p.moreAfter };
    }
    const { after, orderBy } = keyset([translations.key], ctx.list.pageAfter);
    if (after) where.push(after);
    const rows = (await ctx.db.select().from(translations).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1)).map(json);
    const p = page(rows, rowsThatFit(rows, ctx.list.pageSize, jsonChars), (r) => [r.key]);
    return { type: TOPIC, data: p.rows, moreAfter: p.moreAfter };
  },

  "TranslationList.POST": async (ctx) => {
    const mode = ctx.query["mode"];
    if (mode === undefined) return create(ctx, ctx.body);
    if (mode === "upsert") return upsert(ctx, ctx.body);
    throw new InvalidInput({ issues: [{ message: "mode must be upsert or absent", propertyName: "mode" }] });
  },
  "TranslationList.PATCH": async (ctx) => ({ type: TOPIC, data: await patch(ctx, ctx.body, false) }),
  "TranslationList.DELETE": async (ctx) => ({ type: TOPIC, data: await remove(ctx, ctx.body) }),

  "Translation.GET": async (ctx) => {
    const [t] = await storedByIds(ctx.db, companyOf(ctx).id, [ctx.params["publicId"] ?? ""], false);
    return { type: TOPIC, data: json(t!) };
  },
  "Translation.PATCH": async (ctx) => {
    const [updated] = await patch(ctx, { ...ctx.body, publicId: ctx.params["publicId"] }, true);
    return { type: TOPIC, data: updated! };
  },
  "Translation.DELETE": async (ctx) => {
    const [removed] = await remove(ctx, { publicId: ctx.params["publicId"] });
    return { type: TOPIC, data: removed! };
  },
};
