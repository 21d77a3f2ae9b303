/**
 * Checks an app's configuration against the app's JSON Schema with ajv (the same schema the web
 * form is generated from). Each failing field becomes an issue of the error envelope whose
 * propertyName is the field's path under `data` (e.g. "data.port", "data.recipients.0").
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { InvalidInput } from "@portal/core/errors";

const ajv = new Ajv({ allErrors: true, strict: false });
/** Compiled validators by schema text: the catalogue is small and its schemas rarely change. */
const compiled = new Map<string, ValidateFunction>();

const validatorOf = (schema: Record<string, unknown>): ValidateFunction => {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) {
    v = ajv.compile(schema);
    compiled.set(key, v);
  }
  return v;
};

const pathOf = (e: ErrorObject): string => {
  const parts = e.instancePath.split("/").filter((p) => p !== "").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (e.keyword === "required") parts.push(String((e.params as { missingProperty: string }).missingProperty));
  if (e.keyword === "additionalProperties") parts.push(String((e.params as { additionalProperty: string }).additionalProperty));
  return ["data", ...parts].join(".");
};

/** Throws InvalidInput (400) naming every failing field when `config` does not satisfy `schema`. */
export function checkAppConfig(schema: Record<string, unknown>, config: unknown): asserts config is Record<string, unknown> {
  const validate = validatorOf(schema);
  if (validate(config)) return;
  const issues = (validate.errors ?? []).map((e) => ({ propertyName: pathOf(e), message: e.message ?? "is not valid" }));
  throw new InvalidInput({ issues: issues.length > 0 ? issues : [{ propertyName: "data", message: "is not valid" }] });
}
