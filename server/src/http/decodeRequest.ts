/**
 * Decodes a request with its endpoint's schemas (core's route table): path parameters, query and
 * body. A bad one is InvalidInput (the api.md error envelope, 400) naming the field, and, for
 * the items of a bulk body, their listIndex; never a fault. Every body is first searched for text
 * PostgreSQL cannot store, so that no schema can forget it.
 */
import { Result, Schema } from "effect";
import { InvalidInput, type ValidationIssue } from "@portal/core/errors";
import { findUnstorableText, MALFORMED_TEXT } from "@portal/core/wire/bounds";
import { MAX_BULK_ITEMS, type EndpointSpec } from "@portal/core/wire/endpoint";
import { issuesFromSchemaError } from "@portal/core/wire/schemaIssues";
import { yieldEvery } from "../routes/batchWork";

/** Most issues one answer lists: a 10,000-item body with every item wrong says enough with these. */
const MAX_ISSUES = 100;

export interface DecodedRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  /** The decoded payload; for bulk endpoints one item or a list (see `isList`). */
  readonly body: unknown;
}

const decoders = new WeakMap<Schema.Top, (input: unknown) => Result.Result<unknown, Schema.SchemaError>>();

/** The decoder of a schema, made once (effect compiles a parser per schema). */
const decoderOf = (schema: Schema.Top) => {
  let decode = decoders.get(schema);
  if (!decode) {
    decode = Schema.decodeUnknownResult(schema as Schema.Decoder<unknown>) as (input: unknown) => Result.Result<unknown, Schema.SchemaError>;
    decoders.set(schema, decode);
  }
  return decode;
};

const decodeOrThrow = (schema: Schema.Top, input: unknown, listIndex?: number): unknown => {
  const result = decoderOf(schema)(input);
  if (Result.isSuccess(result)) return result.success;
  const issues = issuesFromSchemaError(result.failure);
  throw new InvalidInput({ issues: listIndex === undefined ? issues : issues.map((i) => ({ ...i, listIndex })) });
};

/** The unstorable text of a body as an issue; `listIndex` when it is an item of a bulk list. */
function unstorableIssue(body: unknown, listIndex?: number): ValidationIssue | undefined {
  const found = findUnstorableText(body);
  if (found === undefined) return undefined;
  // A path into a body nested thousands deep is cut: its start says where to look.
  const path = found.length > 200 ? `${found.slice(0, 200)}…` : found;
  return { message: MALFORMED_TEXT, ...(listIndex === undefined ? {} : { listIndex }), ...(path === "" ? {} : { propertyName: path }) };
}

/**
 * The items of a bulk list, each searched for unstorable text (first, over the whole list, so
 * that such text is the one issue answered, as for any body) and then decoded; issues carry the
 * failing item's listIndex. A list may carry BULK_MAX_ITEMS items: it is worked through in slices
 * with a turn for other requests in between (10,000 items decoded in one go held the event loop
 * for 90 ms). The slices are bounded by time alone (SLICE_MS), not by a count of items as well: a
 * 10,000-item upsert took 80 turns that way, and each turn cost 0.1 to 0.6 ms (collector work and
 * I/O run in it), 6 to 46 ms per call; by time it takes 1 to 7.
 */
async function decodeBulkList(schema: Schema.Top, body: unknown[]): Promise<unknown[]> {
  if (body.length === 0) throw new InvalidInput({ issues: [{ message: "The list is empty" }] });
  if (body.length > MAX_BULK_ITEMS) throw new InvalidInput({ issues: [{ message: `At most ${MAX_BULK_ITEMS} items per call` }] });
  let breathe = yieldEvery(MAX_BULK_ITEMS);
  for (let i = 0; i < body.length; i++) {
    const turn = breathe();
    if (turn) await turn;
    const unstorable = unstorableIssue(body[i], i);
    if (unstorable) throw new InvalidInput({ issues: [unstorable] });
  }
  breathe = yieldEvery(MAX_BULK_ITEMS);
  const decode = decoderOf(schema);
  const out: unknown[] = new Array(body.length);
  const issues: ValidationIssue[] = [];
  for (let i = 0; i < body.length && issues.length < MAX_ISSUES; i++) {
    const turn = breathe();
    if (turn) await turn;
    const result = decode(body[i]);
    if (Result.isSuccess(result)) out[i] = result.success;
    else issues.push(...issuesFromSchemaError(result.failure).map((issue) => ({ ...issue, listIndex: i })));
  }
  if (issues.length > 0) throw new InvalidInput({ issues: issues.slice(0, MAX_ISSUES) });
  return out;
}

/**
 * The request's params, query and body decoded by `endpoint`'s schemas. Parts the endpoint
 * declares no schema for pass through unchanged (query: the list query is parsed elsewhere), except
 * the body, which is dropped: an endpoint that takes no payload reads none.
 */
export async function decodeRequest(endpoint: EndpointSpec, raw: { params: unknown; query: unknown; body: unknown }): Promise<DecodedRequest> {
  const params = (endpoint.params ? decodeOrThrow(endpoint.params, raw.params ?? {}) : raw.params ?? {}) as DecodedRequest["params"];
  const query = raw.query ?? {};
  if (endpoint.query) decodeOrThrow(endpoint.query, query);
  if (!endpoint.payload) return { params, query: query as DecodedRequest["query"], body: undefined };
  if (endpoint.bulk === true && Array.isArray(raw.body)) {
    return { params, query: query as DecodedRequest["query"], body: await decodeBulkList(endpoint.payload, raw.body) };
  }
  const unstorable = unstorableIssue(raw.body);
  if (unstorable) throw new InvalidInput({ issues: [unstorable] });
  return { params, query: query as DecodedRequest["query"], body: decodeOrThrow(endpoint.payload, raw.body) };
}

/**
 * Whether an answer's data matches the endpoint's success schema. The platform checks it when
 * asked to (tests, `PORTAL_CHECK_ANSWERS=1`), so a handler that drifts from the contract fails
 * the suite even where the compiler could not see it (data read from the database).
 */
export function answerMatches(endpoint: EndpointSpec, data: unknown): string | undefined {
  const result = decoderOf(endpoint.success)(data);
  return Result.isSuccess(result) ? undefined : issuesFromSchemaError(result.failure).map((i) => `${i.propertyName ?? ""}: ${i.message}`).join("; ");
}
