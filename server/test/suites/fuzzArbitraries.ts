/**
 * fast-check arbitraries of bad requests for the fuzz suite: bodies (wrong types, huge strings,
 * deep nesting, arrays of junk, invalid JSON text, wrong content types), headers (Api-Version,
 * Authorization, Api-Company) and query strings (fields, filters, page-size, page-after).
 * Each arbitrary answers raw material for light-my-request: a payload string and headers.
 */
import fc from "fast-check";

/** A request body as sent on the wire. */
export interface RawBody {
  readonly payload: string | undefined;
  readonly contentType: string | undefined;
}

/** Field names the handlers read, so that wrong types reach past "not an object". */
const KNOWN_KEYS = ["publicId", "name", "color", "order", "key", "languages", "expiresIn", "password", "newPassword", "currentPassword", "otp", "code", "en", "de"];
// My account (issue 11): the profile, e-mail change and mailed-link bodies.
KNOWN_KEYS.push("email", "token", "language", "timeZone", "oldPassword", "deleteAccessTokens");

/** Strings that break things: control characters, NUL (PostgreSQL text refuses it), lone surrogates, SQL and path junk. */
const nastyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "'; drop table users; --", "../../etc/passwd", "%00", "\\", "\"", "💥".repeat(20), " ", ""),
  fc.string({ maxLength: 12 }),
);

/** Any JSON-ish value of the wrong shape, with nasty strings and numbers at the leaves. */
const junkValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    nastyString,
    fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER + 2),
    fc.integer(),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string({ maxLength: 6 })), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Objects with the known field names holding the wrong things. */
const wrongTypedObject = fc.dictionary(fc.constantFrom(...KNOWN_KEYS), junkValue, { minKeys: 1, maxKeys: 5 });

const json = (value: unknown): RawBody => ({ payload: JSON.stringify(value), contentType: "application/json" });

/** `n` levels of arrays or objects around a value. */
const deep = (n: number, kind: "array" | "object", inner: string): string =>
  kind === "array" ? "[".repeat(n) + inner + "]".repeat(n) : '{"a":'.repeat(n) + inner + "}".repeat(n);

export const badBody: fc.Arbitrary<RawBody> = fc.oneof(
  junkValue.map(json),
  wrongTypedObject.map(json),
  fc.array(fc.oneof(wrongTypedObject, junkValue), { minLength: 1, maxLength: 8 }).map(json),
  // Huge strings, as a whole body and inside a plausible item.
  fc.integer({ min: 10_000, max: 1_500_000 }).map((n) => json({ name: "x".repeat(n), key: "K".repeat(n), languages: { en: "y".repeat(n) } })),
  fc.integer({ min: 10_000, max: 1_000_000 }).map((n) => json("z".repeat(n))),
  // Deep nesting, bare and with a __proto__ key at the bottom.
  fc.tuple(fc.integer({ min: 100, max: 60_000 }), fc.constantFrom("array" as const, "object" as const), fc.constantFrom("1", '{"__proto__":{"x":1}}', '"s"'))
    .map(([n, kind, inner]) => ({ payload: deep(n, kind, inner), contentType: "application/json" })),
  // Invalid JSON text under the JSON content type.
  fc.oneof(fc.string({ maxLength: 30 }).filter((s) => { try { JSON.parse(s); return false; } catch { return true; } }),
    fc.constantFrom("{", "[1,", "{\"a\":}", "undefined", "NaN", "{'a':1}", "\u0000", "{\"a\":1}garbage", ""))
    .map((payload) => ({ payload, contentType: "application/json" })),
  // Wrong or broken content types.
  fc.tuple(
    fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/octet-stream", "", "application/json; charset=utf-16", "application/jsonx", "*/*", "text/html"),
    fc.oneof(fc.constant('{"name":"Hall"}'), fc.string({ maxLength: 30 })),
  ).map(([contentType, payload]) => ({ payload, contentType })),
  // A body with no content type at all.
  fc.string({ minLength: 1, maxLength: 30 }).map((payload) => ({ payload, contentType: undefined })),
);

/** Header values: the valid one is chosen sometimes, so that one bad header at a time is tried too. */
export const badHeaders = (valid: { secret: string; company: string }): fc.Arbitrary<Record<string, string>> =>
  fc.record({
    version: fc.oneof(fc.constant<string | undefined>(undefined), fc.constantFrom("2", "1", "3", "", "2.0", " 2", "two", "99999999999999999999"), fc.string({ maxLength: 8 })),
    authorization: fc.oneof(
      fc.constant<string | undefined>(undefined),
      fc.constant(`Bearer ${valid.secret}`),
      fc.constantFrom("Bearer", "Bearer ", "Basic", "Basic !!!", "Basic " + Buffer.from("nobody").toString("base64"),
        "Basic " + Buffer.from("a:b:c:d").toString("base64"), "Bearer a b", "Token abc", `bearer ${valid.secret}x`),
      fc.string({ maxLength: 50 }).map((s) => `Bearer ${s}`),
      fc.string({ unit: "binary-ascii", maxLength: 30 }).map((s) => `Basic ${Buffer.from(s).toString("base64")}`),
    ),
    company: fc.oneof(fc.constant<string | undefined>(undefined), fc.constant(valid.company), fc.constantFrom("AAAAAAAAAAAA", "", "x".repeat(5000), "' or 1=1 --"), fc.string({ maxLength: 20 })),
    device: fc.oneof(fc.constant<string | undefined>(undefined), fc.constantFrom("", " ", "x".repeat(5000), "browser-1"), fc.string({ maxLength: 20 })),
  }).map(({ version, authorization, company, device }) => {
    const headers: Record<string, string> = {};
    // Header values cannot carry control characters on the wire; drop what Node would refuse.
    const put = (name: string, value: string | undefined) => { if (value !== undefined && !/[\u0000-\u001f\u007f-\uffff]/.test(value)) headers[name] = value; };
    put("api-version", version);
    put("authorization", authorization);
    put("api-company", company);
    put("api-device-id", device);
    return headers;
  });

const OPS = ["eq", "ne", "lt", "lte", "gt", "gte", "in", "ni", "isnull", "isnotnull", "contains", "between", "like", "", "EQ"];
const COLUMNS = ["publicId", "name", "order", "key", "color", "groupType.publicId", "createdOn", "nope", "", "a.b.c"];
const filter = fc.oneof(
  fc.tuple(fc.constantFrom(...OPS), fc.constantFrom(...COLUMNS), fc.array(fc.oneof(nastyString, fc.integer().map(String), fc.double({ noNaN: true }).map(String), fc.bigInt().map(String)), { maxLength: 4 }))
    .map(([op, column, values]) => `${op}(${[column, ...values].join(",")})`),
  fc.constantFrom("eq(", "eq(name", "eq(name,a))", "((((", "eq(order,abc)", "between(order,1)", "in()", "eq(name,\u0000)", "gt(order,99999999999999999999)", "lt(order,1.5)", "in(order,1e40,-1e40)", "between(order,-99999999999,99999999999)"),
  nastyString,
);
const fieldsValue = fc.oneof(
  fc.constantFrom("*", "", ",", "a..b", "x(", "x(y", "x(y(z(w)))", "publicId,publicId", "*,languages", "name,*", "(", ")", "a.", "." ),
  fc.array(fc.oneof(fc.constantFrom(...COLUMNS), nastyString), { maxLength: 5 }).map((f) => f.join(",")),
  fc.integer({ min: 1, max: 3000 }).map((n) => "a(".repeat(n) + ")".repeat(n)),
);
const pageSize = fc.oneof(fc.constantFrom("0", "-1", "4001", "1e3", "abc", "", "1.5", "99999999999999999999", " 20", "0x10", "20abc"), fc.integer().map(String), nastyString);
const pageAfter = fc.oneof(fc.constantFrom("", "null", "W10=", "eyJ9", "[]", "[1,2,3]", "%%%", "AAAA"), nastyString, fc.base64String({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? "").toString("base64url")));

/** A query string (without "?") of bad list parameters, sometimes with raw broken percent-encoding. */
export const badQuery: fc.Arbitrary<string> = fc.tuple(
  fc.array(fc.oneof(
    fieldsValue.map((v) => ["fields", v] as const),
    filter.map((v) => ["filters", v] as const),
    pageSize.map((v) => ["page-size", v] as const),
    pageAfter.map((v) => ["page-after", v] as const),
    fc.tuple(fc.constantFrom("mode", "x", "fields[]", "__proto__", "constructor"), nastyString).map(([k, v]) => [k, v] as const),
  ), { minLength: 1, maxLength: 5 }),
  fc.constantFrom("", "&%zz", "&fields=%E0%A4%A", "&&&", "&=x", "&page-size"),
).map(([pairs, raw]) => {
  const params = new URLSearchParams();
  for (const [k, v] of pairs) params.append(k, v);
  return params.toString() + raw;
});

/** A path parameter: a real one sometimes, junk otherwise (encoded so the URL stays a URL). */
export const pathId = (real: string): fc.Arbitrary<string> =>
  fc.oneof(fc.constant(real), fc.constantFrom("AAAAAAAAAAAA", "x".repeat(3000), "%00", "..%2F..%2Fetc", "%ED%A0%80", "%E0%A4%A"), nastyString.map(encodeOrRaw));

/** Percent-encodes; a lone surrogate cannot be encoded, so it goes as the raw (invalid UTF-8) bytes. */
const encodeOrRaw = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80";
  }
};
