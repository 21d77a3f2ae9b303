/**
 * The response envelopes of api.md, shared by the server (which builds them) and the clients
 * (which decode them). Success: `{ status: "success", type, data, moreAfter }`; error:
 * `{ status: "error", type: "Error", data: [{ message, propertyName?, listIndex? }] }`.
 */
import { Result, Schema } from "effect";
import { InvalidInput, type ValidationIssue } from "../errors";
import { issuesFromSchemaError } from "./schemaIssues";

/** One entry of an error envelope's `data` list (the wire form of ValidationIssue). */
export const ValidationIssueSchema = Schema.Struct({
  message: Schema.String,
  propertyName: Schema.optional(Schema.String),
  listIndex: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))),
});

/** The error envelope. */
export const ErrorEnvelopeSchema = Schema.Struct({
  status: Schema.Literal("error"),
  type: Schema.Literal("Error"),
  data: Schema.Array(ValidationIssueSchema),
});
export type ErrorEnvelope = typeof ErrorEnvelopeSchema.Type;

/** A success envelope around `data`; `moreAfter` is the next page's cursor, null on the last page. */
export interface SuccessEnvelope<A> {
  readonly status: "success";
  readonly type: string;
  readonly data: A;
  readonly moreAfter: string | null;
}

/** The schema of a success envelope whose `data` is described by `dataSchema`. */
export const successEnvelopeSchema = <S extends Schema.Top>(dataSchema: S) =>
  Schema.Struct({
    status: Schema.Literal("success"),
    type: Schema.String,
    data: dataSchema,
    moreAfter: Schema.NullOr(Schema.String),
  });

/**
 * Builds a success envelope. Guarantees `moreAfter` is a string or null (never undefined), so
 * the JSON always carries the key, as api.md shows.
 */
export const successEnvelope = <A>(type: string, data: A, moreAfter: string | null = null): SuccessEnvelope<A> => ({
  status: "success",
  type,
  data,
  moreAfter,
});

/**
 * Builds an error envelope from issues. Guarantees at least one issue (an empty list becomes
 * one generic "Error" issue, because a client shows the first message) and drops undefined
 * optional keys so the JSON stays minimal.
 */
export const errorEnvelope = (issues: ReadonlyArray<ValidationIssue>): ErrorEnvelope => ({
  status: "error",
  type: "Error",
  data: (issues.length === 0 ? [{ message: "Error" }] : issues).map(compactIssue),
});

const compactIssue = (issue: ValidationIssue): ValidationIssue => ({
  message: issue.message,
  ...(issue.propertyName === undefined ? {} : { propertyName: issue.propertyName }),
  ...(issue.listIndex === undefined ? {} : { listIndex: issue.listIndex }),
});

/**
 * Returns a decoder of success envelopes whose `data` matches `dataSchema`. The decoder never
 * throws: a body that is not such an envelope fails with InvalidInput whose issues point at the
 * offending path (e.g. propertyName "data.0.name").
 */
export const decodeSuccess = <S extends Schema.Decoder<unknown>>(dataSchema: S) => {
  const decode = Schema.decodeUnknownResult(successEnvelopeSchema(dataSchema));
  return (body: unknown): Result.Result<SuccessEnvelope<S["Type"]>, InvalidInput> =>
    Result.mapError(
      decode(body) as Result.Result<SuccessEnvelope<S["Type"]>, Schema.SchemaError>,
      (error) => new InvalidInput({ issues: issuesFromSchemaError(error) }),
    );
};

const decodeErrorEnvelopeResult = Schema.decodeUnknownResult(ErrorEnvelopeSchema);

/**
 * Reads the issues of an error body. Guarantees a list: a body that is not an error envelope
 * (an HTML gateway page, an empty body) gives an empty list, so callers can still map the status.
 */
export const issuesOfErrorBody = (body: unknown): ReadonlyArray<ValidationIssue> => {
  const result = decodeErrorEnvelopeResult(body);
  return Result.isSuccess(result) ? result.success.data : [];
};
