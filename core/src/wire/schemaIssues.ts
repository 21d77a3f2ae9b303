/**
 * Turns an effect Schema decoding failure into the ValidationIssue list of an error envelope,
 * so every edge (server bodies, client responses, CLI input) reports bad input the same way.
 */
import { SchemaIssue, type Schema } from "effect";
import type { ValidationIssue } from "../errors";

const formatter = SchemaIssue.makeFormatterStandardSchemaV1();

/**
 * One issue per failing leaf. Guarantees a non-empty list. A path is written with dots
 * ("languages.en"); when `bulk` is set, a leading numeric path segment is taken as the failing
 * item's `listIndex` instead, as api.md asks of bulk calls.
 */
export const issuesFromSchemaError = (
  error: Schema.SchemaError,
  options: { readonly bulk?: boolean } = {},
): ReadonlyArray<ValidationIssue> => {
  const result = formatter(error.issue);
  const issues = result.issues.map((issue): ValidationIssue => {
    const path = (issue.path ?? []).map((segment) =>
      typeof segment === "object" && segment !== null && "key" in segment ? segment.key : segment,
    );
    const [head, ...rest] = path;
    const listIndex = options.bulk === true && typeof head === "number" ? head : undefined;
    const propertyPath = (listIndex === undefined ? path : rest).map(String);
    return {
      message: issue.message,
      ...(propertyPath.length > 0 ? { propertyName: propertyPath.join(".") } : {}),
      ...(listIndex === undefined ? {} : { listIndex }),
    };
  });
  return issues.length > 0 ? issues : [{ message: error.message }];
};
