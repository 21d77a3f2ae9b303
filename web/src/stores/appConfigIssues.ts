/**
 * An app's configuration checked in the browser against the app's JSON Schema (issue 12), the
 * schema the server checks it with. The portal's Content Security Policy forbids eval
 * (script-src 'self', no 'unsafe-eval'), so the check is @cfworker/json-schema, which interprets
 * the schema instead of compiling it to code the way ajv does. The messages are worded as the
 * server's (ajv's English), so a field reads the same whether the browser or the server refused it.
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from "@cfworker/json-schema";

/** One failing field: its path under the configuration (["port"], ["recipients", "0"]) and why. */
export interface ConfigIssue {
  readonly path: ReadonlyArray<string>;
  readonly keyword: string;
  readonly message: string;
  /** The failing keyword in the schema, as a JSON pointer fragment ("#/properties/port/maximum"). */
  readonly schemaPath: string;
}

/** Keywords whose failure only says that a child failed: the child's own unit names the field. */
const SUMMARIES = new Set([
  "properties", "patternProperties", "additionalProperties", "items", "prefixItems", "additionalItems", "allOf", "$ref", "$recursiveRef",
  "if", "then", "else", "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "propertyNames", "contains",
]);

const validators = new WeakMap<object, Validator>();

function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const uri = typeof schema["$schema"] === "string" ? schema["$schema"] : "";
  if (uri.includes("2020-12")) return "2020-12";
  if (uri.includes("2019-09")) return "2019-09";
  if (uri.includes("draft-04")) return "4";
  return "7";
}

/** The validator of a schema object, made once per object (the app's schema stays the same object). */
function validatorOf(schema: Record<string, unknown>): Validator {
  let v = validators.get(schema);
  if (!v) {
    v = new Validator(schema as Schema, draftOf(schema), false);
    validators.set(schema, v);
  }
  return v;
}

/** The parts of a JSON pointer fragment ("#/recipients/0" → ["recipients", "0"]). */
function partsOf(pointer: string): string[] {
  return pointer.replace(/^#/, "").split("/").filter((p) => p !== "")
    .map((p) => decodeURIComponent(p).replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The value at a pointer in the schema (the failing keyword's argument), or undefined. */
function at(schema: unknown, pointer: string): unknown {
  let node = schema;
  for (const part of partsOf(pointer)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The title of property `name` of the schema that holds the failing keyword, else the name. */
function titleOf(schema: unknown, keywordPointer: string, name: string): string {
  const parent = partsOf(keywordPointer).slice(0, -1);
  const title = at(schema, `#/${[...parent, "properties", name].map((p) => encodeURIComponent(p.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/")}/title`);
  return typeof title === "string" && title !== "" ? title : name;
}

/** The message of one unit, in ajv's words with the keyword's argument. */
function messageOf(unit: OutputUnit, schema: unknown): string {
  const arg = at(schema, unit.keywordLocation);
  switch (unit.keyword) {
    case "type": return `must be ${Array.isArray(arg) ? arg.join(",") : String(arg)}`;
    case "minimum": return `must be >= ${String(arg)}`;
    case "maximum": return `must be <= ${String(arg)}`;
    case "exclusiveMinimum": return `must be > ${String(arg)}`;
    case "exclusiveMaximum": return `must be < ${String(arg)}`;
    case "multipleOf": return `must be multiple of ${String(arg)}`;
    case "minLength": return `must NOT have fewer than ${String(arg)} characters`;
    case "maxLength": return `must NOT have more than ${String(arg)} characters`;
    case "pattern": return `must match pattern "${String(arg)}"`;
    case "format": return `must match format "${String(arg)}"`;
    case "enum": return "must be equal to one of the allowed values";
    case "const": return "must be equal to constant";
    case "minItems": return `must NOT have fewer than ${String(arg)} items`;
    case "maxItems": return `must NOT have more than ${String(arg)} items`;
    case "uniqueItems": return "must NOT have duplicate items";
    case "minProperties": return `must NOT have fewer than ${String(arg)} properties`;
    case "maxProperties": return `must NOT have more than ${String(arg)} properties`;
    case "anyOf": return "must match a schema in anyOf";
    case "oneOf": return "must match exactly one schema in oneOf";
    case "not": return "must NOT be valid";
    case "false": return "must NOT have additional properties";
    default: return unit.error;
  }
}

/**
 * The fields of `data` that `schema` refuses, each once per keyword, in the schema's order; empty
 * when the configuration is valid. Runs no generated code. Throws only for a schema the validator
 * cannot read (a malformed $ref, a bad pattern).
 */
export function appConfigIssues(schema: Record<string, unknown>, data: unknown): ConfigIssue[] {
  const result = validatorOf(schema).validate(data);
  if (result.valid) return [];
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  for (const unit of result.errors) {
    if (SUMMARIES.has(unit.keyword)) continue;
    let path = partsOf(unit.instanceLocation);
    let message = messageOf(unit, schema);
    if (unit.keyword === "required") {
      // The unit sits on the object; the field that is missing is the one to mark.
      const missing = /required property "(.*)"/.exec(unit.error)?.[1];
      if (missing !== undefined) {
        path = [...path, missing];
        message = `must have required property '${titleOf(schema, unit.keywordLocation, missing)}'`;
      }
    }
    const key = `${path.join("\u0000")}|${unit.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, keyword: unit.keyword, message, schemaPath: unit.keywordLocation });
  }
  return issues;
}
