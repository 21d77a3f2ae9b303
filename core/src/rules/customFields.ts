/**
 * Custom fields (issue 12, spec.md section 3 "Custom property"): what a custom property may be,
 * and which values it accepts. The server checks bodies with these, the web form shows the same
 * messages before saving, and list filters parse their values with the same rule.
 *
 * Decisions: names follow the type-name rules (trimmed, at most NAME_MAX_LENGTH code points,
 * unique case-insensitively) but per company and target, and global properties count as taken
 * names; a "choice" property has 1 to CHOICE_OPTIONS_MAX distinct options; values are kept as
 * canonical text (a number as JavaScript prints it, a date as YYYY-MM-DD, a boolean as
 * "true"/"false"). The type or target of a property cannot change while values exist, and an
 * option cannot be removed while a value uses it (409, with a sentence saying what to do).
 */
import { Result } from "effect";
import { NAME_MAX_LENGTH } from "../constants";
import {
  CUSTOM_PROPERTY_TARGETS, CUSTOM_PROPERTY_TYPES, type CustomFieldValue, type CustomPropertyTarget, type CustomPropertyType,
} from "../domain/CustomProperty";
import { Conflict, InvalidInput, type ValidationIssue } from "../errors";
import { checkTypeName, NAME_TOO_LONG, REQUIRED, sameTypeName, typeNameKey } from "./groupTypes";

/** Most options a choice property may have. */
export const CHOICE_OPTIONS_MAX = 100;
/** Longest text value, in code points. */
export const CUSTOM_TEXT_MAX_LENGTH = 1000;

export const UNKNOWN_CUSTOM_PROPERTY_TYPE = "UNKNOWN_CUSTOM_PROPERTY_TYPE";
export const UNKNOWN_CUSTOM_PROPERTY_TARGET = "UNKNOWN_CUSTOM_PROPERTY_TARGET";
export const CUSTOM_PROPERTY_NAME_IN_USE = "CUSTOM_PROPERTY_NAME_IN_USE";
export const CHOICE_OPTIONS_REQUIRED = "CHOICE_OPTIONS_REQUIRED";
export const CHOICE_OPTION_DUPLICATE = "CHOICE_OPTION_DUPLICATE";
export const TOO_MANY_CHOICE_OPTIONS = "TOO_MANY_CHOICE_OPTIONS";
export const OPTIONS_ONLY_FOR_CHOICE = "OPTIONS_ONLY_FOR_CHOICE";
export const CUSTOM_PROPERTY_TYPE_IN_USE = "CUSTOM_PROPERTY_TYPE_IN_USE";
export const CUSTOM_PROPERTY_TARGET_IN_USE = "CUSTOM_PROPERTY_TARGET_IN_USE";
export const CHOICE_OPTION_IN_USE = "CHOICE_OPTION_IN_USE";
export const NOT_A_NUMBER = "NOT_A_NUMBER";
export const NOT_A_DATE = "NOT_A_DATE";
export const NOT_A_BOOLEAN = "NOT_A_BOOLEAN";
export const NOT_AN_OPTION = "NOT_AN_OPTION";
export const VALUE_TOO_LONG = "VALUE_TOO_LONG";
export const NOT_TEXT = "Expected a string";
export const UNKNOWN_CUSTOM_PROPERTY = "UNKNOWN_CUSTOM_PROPERTY";
export const GLOBAL_PROPERTY_READ_ONLY = "GLOBAL_PROPERTY_READ_ONLY";

/** A custom property as the rules see it. */
export interface PropertyShape {
  readonly type: CustomPropertyType;
  readonly required: boolean;
  readonly options: ReadonlyArray<string>;
}

/** A property to create, or one after a change (absent fields already merged with the stored ones). */
export interface PropertyInput {
  readonly name?: unknown;
  readonly type?: unknown;
  readonly target?: unknown;
  readonly required?: unknown;
  readonly options?: unknown;
}

/** A checked property. */
export interface ValidProperty extends PropertyShape {
  readonly name: string;
  readonly target: CustomPropertyTarget;
}

/** How a stored property is used: how many values it has, and which options they hold. */
export interface PropertyUsage {
  readonly valueCount: number;
  readonly usedOptions: ReadonlyArray<string>;
}

/** What a property is checked against. */
export interface PropertyContext {
  /** The other properties the company sees (its own and the global ones); `selfPublicId` is skipped. */
  readonly others: ReadonlyArray<{ readonly publicId: string; readonly name: string; readonly target: string }>;
  /**
   * The same properties by `propertyNameKey` (bulk calls: each item checked in constant time);
   * when given, `others` is not scanned.
   */
  readonly index?: ReadonlyMap<string, string>;
  readonly selfPublicId?: string;
  /** The property before the change, with its usage (a change only). */
  readonly current?: ValidProperty;
  readonly usage?: PropertyUsage;
}

/** The key under which a property's name must be unique: its target and its name compared case-insensitively. */
export const propertyNameKey = (target: string, name: string): string => `${target}:${typeNameKey(name)}`;

const isOneOf = <T extends string>(list: ReadonlyArray<T>, v: unknown): v is T => typeof v === "string" && (list as ReadonlyArray<string>).includes(v);

/** Options of a choice property: trimmed, non-blank, distinct (case-insensitively), bounded. */
const checkOptions = (type: CustomPropertyType, raw: unknown): Result.Result<string[], ValidationIssue> => {
  const list = raw === undefined || raw === null ? [] : raw;
  if (!Array.isArray(list)) return Result.fail({ message: CHOICE_OPTIONS_REQUIRED, propertyName: "options" });
  if (type !== "choice") return list.length === 0 ? Result.succeed([]) : Result.fail({ message: OPTIONS_ONLY_FOR_CHOICE, propertyName: "options" });
  if (list.length === 0 || list.some((o) => typeof o !== "string" || o.trim() === "")) return Result.fail({ message: CHOICE_OPTIONS_REQUIRED, propertyName: "options" });
  if (list.length > CHOICE_OPTIONS_MAX) return Result.fail({ message: TOO_MANY_CHOICE_OPTIONS, propertyName: "options" });
  const options = (list as string[]).map((o) => o.trim());
  if (options.some((o) => [...o].length > NAME_MAX_LENGTH)) return Result.fail({ message: NAME_TOO_LONG, propertyName: "options" });
  const keys = new Set(options.map((o) => o.normalize("NFC").toLowerCase()));
  if (keys.size !== options.length) return Result.fail({ message: CHOICE_OPTION_DUPLICATE, propertyName: "options" });
  return Result.succeed(options);
};

/**
 * Checks a custom property to create, or one after a change. Guarantees, on success, a trimmed
 * name of 1 to NAME_MAX_LENGTH code points that no other property of the same target carries
 * (case-insensitively), a known type and target, and options exactly when the type is "choice".
 * Errors: InvalidInput with every failing field (REQUIRED, NAME_TOO_LONG, UNKNOWN_CUSTOM_PROPERTY_TYPE,
 * UNKNOWN_CUSTOM_PROPERTY_TARGET, CHOICE_OPTIONS_REQUIRED, OPTIONS_ONLY_FOR_CHOICE,
 * TOO_MANY_CHOICE_OPTIONS, CHOICE_OPTION_DUPLICATE); then Conflict (409) for a taken name
 * (CUSTOM_PROPERTY_NAME_IN_USE) or a change that stored values forbid (checkPropertyChange).
 */
export const validateCustomProperty = (input: PropertyInput, ctx: PropertyContext): Result.Result<ValidProperty, InvalidInput | Conflict> => {
  const issues: ValidationIssue[] = [];
  const name = checkTypeName(input.name);
  if (Result.isFailure(name)) issues.push(name.failure);
  const type = isOneOf(CUSTOM_PROPERTY_TYPES, input.type) ? input.type : undefined;
  if (type === undefined) issues.push({ message: input.type === undefined || input.type === null || input.type === "" ? REQUIRED : UNKNOWN_CUSTOM_PROPERTY_TYPE, propertyName: "type" });
  const target = isOneOf(CUSTOM_PROPERTY_TARGETS, input.target) ? input.target : undefined;
  if (target === undefined) issues.push({ message: input.target === undefined || input.target === null || input.target === "" ? REQUIRED : UNKNOWN_CUSTOM_PROPERTY_TARGET, propertyName: "target" });
  const required = input.required === undefined || input.required === null ? false : input.required;
  if (typeof required !== "boolean") issues.push({ message: NOT_A_BOOLEAN, propertyName: "required" });
  const options = type === undefined ? undefined : checkOptions(type, input.options);
  if (options !== undefined && Result.isFailure(options)) issues.push(options.failure);
  if (issues.length > 0 || Result.isFailure(name) || !type || !target || typeof required !== "boolean" || !options || Result.isFailure(options)) {
    return Result.fail(new InvalidInput({ issues }));
  }
  const next: ValidProperty = { name: name.success, type, target, required, options: options.success };
  const holder = ctx.index?.get(propertyNameKey(target, next.name));
  const clash = ctx.index !== undefined ? holder !== undefined && holder !== ctx.selfPublicId
    : ctx.others.some((o) => o.publicId !== ctx.selfPublicId && o.target === target && sameTypeName(o.name, next.name));
  if (clash) return Result.fail(new Conflict({ issues: [{ message: CUSTOM_PROPERTY_NAME_IN_USE, propertyName: "name" }] }));
  if (ctx.current !== undefined) {
    const change = checkPropertyChange(ctx.current, next, ctx.usage ?? { valueCount: 0, usedOptions: [] });
    if (Result.isFailure(change)) return Result.fail(change.failure);
  }
  return Result.succeed(next);
};

/**
 * Whether stored values allow changing `current` into `next`. Guarantees that no stored value
 * becomes invalid for its property: the type and target stay while any value exists
 * (CUSTOM_PROPERTY_TYPE_IN_USE, CUSTOM_PROPERTY_TARGET_IN_USE), and every option a value uses
 * stays (CHOICE_OPTION_IN_USE). Errors: Conflict (409) with the first refusal.
 */
export const checkPropertyChange = (
  current: Pick<ValidProperty, "type" | "target" | "options">, next: Pick<ValidProperty, "type" | "target" | "options">, usage: PropertyUsage,
): Result.Result<void, Conflict> => {
  const refuse = (message: string, propertyName: string) => Result.fail(new Conflict({ issues: [{ message, propertyName }] }));
  if (usage.valueCount > 0 && current.type !== next.type) return refuse(CUSTOM_PROPERTY_TYPE_IN_USE, "type");
  if (usage.valueCount > 0 && current.target !== next.target) return refuse(CUSTOM_PROPERTY_TARGET_IN_USE, "target");
  if (next.type === "choice" && usage.usedOptions.some((o) => !next.options.includes(o))) return refuse(CHOICE_OPTION_IN_USE, "options");
  return Result.void;
};

const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a calendar date written YYYY-MM-DD (e.g. 2026-02-29 is not). */
export const isIsoDate = (text: string): boolean => {
  const m = DATE_PATTERN.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days;
};

/**
 * Parses one value for its property into its canonical text; null when the value is empty
 * (undefined, null, or blank text). Guarantees that a value it accepts is accepted again, to the
 * same text, when sent back as `wireValue` gives it. Errors (a message key): REQUIRED when empty
 * and the property is required; NOT_A_NUMBER, NOT_A_DATE (YYYY-MM-DD), NOT_A_BOOLEAN,
 * NOT_AN_OPTION (exactly one of the options), 'Expected a string', VALUE_TOO_LONG (text above CUSTOM_TEXT_MAX_LENGTH).
 */
export const parseCustomValue = (property: PropertyShape, raw: unknown): Result.Result<string | null, string> => {
  const text = typeof raw === "string" ? raw.trim() : raw;
  if (text === undefined || text === null || text === "") return property.required ? Result.fail(REQUIRED) : Result.succeed(null);
  switch (property.type) {
    case "text":
      if (typeof text !== "string") return Result.fail(NOT_TEXT);
      return [...text].length > CUSTOM_TEXT_MAX_LENGTH ? Result.fail(VALUE_TOO_LONG) : Result.succeed(text);
    case "number": {
      const n = typeof text === "number" ? text : typeof text === "string" && NUMBER_PATTERN.test(text) ? Number(text) : NaN;
      return Number.isFinite(n) ? Result.succeed(String(n === 0 ? 0 : n)) : Result.fail(NOT_A_NUMBER);
    }
    case "boolean":
      if (text === true || text === "true") return Result.succeed("true");
      if (text === false || text === "false") return Result.succeed("false");
      return Result.fail(NOT_A_BOOLEAN);
    case "date":
      return typeof text === "string" && isIsoDate(text) ? Result.succeed(text) : Result.fail(NOT_A_DATE);
    case "choice":
      return typeof text === "string" && property.options.includes(text) ? Result.succeed(text) : Result.fail(NOT_AN_OPTION);
  }
};

/** The wire form of a canonical value: a number for "number", a boolean for "boolean", the text otherwise. */
export const wireValue = (type: CustomPropertyType, canonical: string): CustomFieldValue =>
  type === "number" ? Number(canonical) : type === "boolean" ? canonical === "true" : canonical;

/**
 * Checks the values of one device or asset against the properties that apply to it (every
 * property of its target; a property left out has no value). Guarantees, on success, one entry per
 * property with its canonical text or null. Errors: InvalidInput with one issue per failing
 * value (propertyName `values.<publicId>`, messages of parseCustomValue) and one per key that is
 * no property of this target (UNKNOWN_CUSTOM_PROPERTY).
 */
export const validateCustomValues = <P extends PropertyShape & { readonly publicId: string }>(
  properties: ReadonlyArray<P>, values: Readonly<Record<string, unknown>>,
): Result.Result<Array<{ property: P; value: string | null }>, InvalidInput> => {
  const issues: ValidationIssue[] = [];
  const out: Array<{ property: P; value: string | null }> = [];
  const known = new Set(properties.map((p) => p.publicId));
  for (const property of properties) {
    const parsed = parseCustomValue(property, Object.hasOwn(values, property.publicId) ? values[property.publicId] : undefined);
    if (Result.isFailure(parsed)) issues.push({ message: parsed.failure, propertyName: `values.${property.publicId}` });
    else out.push({ property, value: parsed.success });
  }
  for (const key of Object.keys(values)) {
    if (!known.has(key)) issues.push({ message: UNKNOWN_CUSTOM_PROPERTY, propertyName: `values.${key}` });
  }
  return issues.length > 0 ? Result.fail(new InvalidInput({ issues })) : Result.succeed(out);
};

/** Every message key of this module: the catalogue has a sentence for each (messages.test.ts). */
export const CUSTOM_FIELD_MESSAGE_KEYS = [
  UNKNOWN_CUSTOM_PROPERTY_TYPE, UNKNOWN_CUSTOM_PROPERTY_TARGET, CUSTOM_PROPERTY_NAME_IN_USE, CHOICE_OPTIONS_REQUIRED,
  CHOICE_OPTION_DUPLICATE, TOO_MANY_CHOICE_OPTIONS, OPTIONS_ONLY_FOR_CHOICE, CUSTOM_PROPERTY_TYPE_IN_USE,
  CUSTOM_PROPERTY_TARGET_IN_USE, CHOICE_OPTION_IN_USE, NOT_A_NUMBER, NOT_A_DATE, NOT_A_BOOLEAN, NOT_AN_OPTION, VALUE_TOO_LONG,
  NOT_TEXT, UNKNOWN_CUSTOM_PROPERTY, GLOBAL_PROPERTY_READ_ONLY,
] as const;

/** The list filter column of a custom field (api.md `filters`). */
export const customFieldColumn = (publicId: string): string => `customFields.${publicId}`;

/**
 * The list filter for "this field has this value", as the Devices and Assets lists send it: text
 * fields match a part of the value (`contains`), every other type its exact canonical value
 * (`eq`). Guarantees the server reads the same value the rule stores. Blank text: no filter
 * (Result success null); a value the field could never hold: the message key of parseCustomValue.
 */
export const customFieldFilter = (
  property: PropertyShape & { readonly publicId: string }, text: string,
): Result.Result<{ op: "eq" | "contains"; column: string; values: [string] } | null, string> => {
  const parsed = parseCustomValue({ ...property, required: false }, text);
  if (Result.isFailure(parsed)) return Result.fail(parsed.failure);
  if (parsed.success === null) return Result.succeed(null);
  return Result.succeed({ op: property.type === "text" ? "contains" : "eq", column: customFieldColumn(property.publicId), values: [parsed.success] });
};
