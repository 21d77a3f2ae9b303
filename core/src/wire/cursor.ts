/**
 * Paging cursors of api.md (`page-after=<moreAfter>`): the opaque base64url form of the last
 * row's sort key. A cursor, not an offset, so rows added while paging neither repeat nor vanish.
 */
import { Result, Schema } from "effect";
import { Base64Url } from "effect/encoding";
import { InvalidInput } from "../errors";

/** A sort key: the values of the sort columns of the last row seen, ending with its publicId. */
export type CursorKey = ReadonlyArray<string | number | null>;

const CursorKeySchema = Schema.Array(Schema.Union([Schema.String, Schema.Finite, Schema.Null])).check(
  Schema.isMinLength(1),
);
const decodeKey = Schema.decodeUnknownResult(Schema.fromJsonString(CursorKeySchema));

/** Longest cursor accepted; a real one is far shorter. */
export const CURSOR_MAX_LENGTH = 2000;

/** Encodes a sort key as a cursor. Guarantees decodeCursor(encodeCursor(k)) equals k. */
export const encodeCursor = (key: CursorKey): string => Base64Url.encode(JSON.stringify(key));

const badCursor = () => new InvalidInput({ issues: [{ message: "Invalid cursor", propertyName: "page-after" }] });

/**
 * Decodes a cursor into its sort key. Fails with InvalidInput (propertyName "page-after") when
 * the text is not base64url, not JSON, not a non-empty list of strings, finite numbers and
 * nulls, or longer than CURSOR_MAX_LENGTH.
 */
export const decodeCursor = (cursor: string): Result.Result<CursorKey, InvalidInput> => {
  if (cursor.length === 0 || cursor.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    return Result.fail(badCursor());
  }
  const text = Base64Url.decodeString(cursor);
  if (Result.isFailure(text)) return Result.fail(badCursor());
  return Result.mapError(decodeKey(text.success), badCursor);
};
