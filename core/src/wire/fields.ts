/**
 * The `fields` query parameter of api.md: a comma list of field names; `*` means every
 * top-level scalar field; nesting is written with dots (`activeVpnSession.vpnAddress`) or
 * parentheses (`agent(publicId,name)`), and both forms parse to the same tree.
 *
 * Why `*` keeps only scalar fields: expansions (nested objects such as `languages` or `agent`)
 * cost joins, so clients name them explicitly ("all fields plus languages", spec.md section 7).
 */
import { Result } from "effect";
import { InvalidInput } from "../errors";

/** A selection of fields at one level of an object. */
export interface FieldTree {
  /** `*` was given: every top-level scalar field of this level. */
  readonly star: boolean;
  /** Named fields: `true` keeps the whole value, a tree keeps only its own selection. */
  readonly fields: ReadonlyMap<string, FieldTree | true>;
}

/** Longest `fields` value accepted, and deepest nesting: bounds the work a request can cause. */
export const FIELDS_MAX_LENGTH = 4000;
export const FIELDS_MAX_DEPTH = 8;

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

const fail = (message: string) => Result.fail(new InvalidInput({ issues: [{ message, propertyName: "fields" }] }));

/** A mutable tree used while parsing, frozen into a FieldTree at the end. */
interface Building {
  star: boolean;
  fields: Map<string, Building | true>;
}

const merge = (into: Building, name: string, sub: Building | true): void => {
  const existing = into.fields.get(name);
  // The whole value already covers any sub-selection, and vice versa.
  if (existing === true || sub === true) {
    into.fields.set(name, true);
    return;
  }
  if (existing === undefined) {
    into.fields.set(name, sub);
    return;
  }
  existing.star ||= sub.star;
  for (const [child, value] of sub.fields) merge(existing, child, value);
};

/**
 * Parses a `fields` value into a tree. Guarantees that repeated or overlapping selections merge
 * (`a.b,a.c` equals `a(b,c)`; `a,a.b` equals `a`). Fails with InvalidInput (propertyName
 * "fields") on an empty item, a bad name, unbalanced parentheses, trailing input, or input
 * beyond FIELDS_MAX_LENGTH / FIELDS_MAX_DEPTH.
 */
export const parseFields = (input: string): Result.Result<FieldTree, InvalidInput> => {
  if (input.length > FIELDS_MAX_LENGTH) return fail(`Too long: at most ${FIELDS_MAX_LENGTH} characters`);
  let pos = 0;
  let error: string | undefined;

  const parseName = (): string | undefined => {
    NAME.lastIndex = pos;
    const match = NAME.exec(input);
    if (match === null) {
      error = `Expected a field name at position ${pos}`;
      return undefined;
    }
    pos += match[0].length;
    return match[0];
  };

  // item := '*' | name ( '.' item-without-star | '(' list ')' )?
  const parseItem = (into: Building, depth: number): boolean => {
    if (depth > FIELDS_MAX_DEPTH) {
      error = `Nested too deep: at most ${FIELDS_MAX_DEPTH} levels`;
      return false;
    }
    if (input[pos] === "*") {
      pos++;
      into.star = true;
      return true;
    }
    const name = parseName();
    if (name === undefined) return false;
    if (input[pos] === ".") {
      pos++;
      const sub: Building = { star: false, fields: new Map() };
      if (!parseItem(sub, depth + 1)) return false;
      merge(into, name, sub);
      return true;
    }
    if (input[pos] === "(") {
      pos++;
      const sub: Building = { star: false, fields: new Map() };
      if (!parseList(sub, depth + 1)) return false;
      if (input[pos] !== ")") {
        error = `Expected ')' at position ${pos}`;
        return false;
      }
      pos++;
      merge(into, name, sub);
      return true;
    }
    merge(into, name, true);
    return true;
  };

  const parseList = (into: Building, depth: number): boolean => {
    if (!parseItem(into, depth)) return false;
    while (input[pos] === ",") {
      pos++;
      if (!parseItem(into, depth)) return false;
    }
    return true;
  };

  const root: Building = { star: false, fields: new Map() };
  if (!parseList(root, 0)) return fail(error ?? "Invalid fields");
  if (pos !== input.length) return fail(`Unexpected '${input[pos]}' at position ${pos}`);
  return Result.succeed(freeze(root));
};

const freeze = (b: Building): FieldTree => ({
  star: b.star,
  fields: new Map([...b.fields].map(([k, v]) => [k, v === true ? true : freeze(v)] as const)),
});

/**
 * Prints a tree in the canonical form (`*` first, then names in insertion order, nesting with
 * parentheses). Guarantees parseFields(printFields(t)) equals t for every tree that has at least
 * one selection per level (an empty level has no written form).
 */
export const printFields = (tree: FieldTree): string => {
  const items: string[] = tree.star ? ["*"] : [];
  for (const [name, sub] of tree.fields) items.push(sub === true ? name : `${name}(${printFields(sub)})`);
  return items.join(",");
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): boolean =>
  !isPlainObject(value) && !(Array.isArray(value) && value.some((v) => typeof v === "object" && v !== null));

/**
 * Keeps only the requested fields of a value (an object or an array of objects, recursively).
 * Guarantees: `publicId` is kept at every object level where it exists; names absent from the
 * object are skipped, never invented; a field named without a sub-selection is kept whole;
 * `*` keeps the scalar fields (not nested objects or arrays of objects).
 */
export const projectFields = <T>(value: T, tree: FieldTree): unknown => {
  if (Array.isArray(value)) return value.map((item) => projectFields(item, tree));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  if (Object.hasOwn(value, "publicId")) put(out, "publicId", value["publicId"]);
  if (tree.star) {
    for (const [key, v] of Object.entries(value)) if (isScalar(v)) put(out, key, v);
  }
  for (const [name, sub] of tree.fields) {
    if (!Object.hasOwn(value, name)) continue;
    const v = value[name];
    put(out, name, sub === true ? v : projectFields(v, sub));
  }
  return out;
};

// A field named "__proto__" must stay data, not set the prototype: defineProperty for it. Every
// other name is assigned, which keeps the object in V8's fast mode (defineProperty on each key
// cost 5% of a list request's time).
const put = (target: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
};
