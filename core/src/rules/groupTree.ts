/**
 * The group tree (issue 11): groups live under a group type; a group may sit under a parent group
 * of the same type when the company may use subgroups (manage:subgroups). These rules decide a
 * create, rename or move, and whether a delete is refused, for server, web and CLI alike.
 *
 * Decisions taken here:
 * - Names follow the group type rules (checkTypeName): trimmed, required, at most NAME_MAX_LENGTH
 *   code points; they must be unique among the siblings (same type and same parent), compared
 *   like type names (case, NFC and surrounding spaces ignored). Two "Hall A" may exist under
 *   different parents, as a user reads them in their place in the tree.
 * - A parent must exist, be of the same type, and not be the group itself or one of its
 *   descendants (no cycles). Moving to the top level (parent null) is always allowed.
 * - Without manage:subgroups a group can only be placed at the top level; groups already nested
 *   may still be renamed.
 * - A group cannot be deleted while it has subgroups, members or devices: the caller empties it
 *   first, so a delete never takes people's access or devices' scoping away by surprise.
 */
import { Result } from "effect";
import { Conflict, InvalidInput, type ValidationIssue } from "../errors";
import { checkTypeName, typeNameKey } from "./groupTypes";

/** A group as the tree rules see it. */
export interface TreeGroup {
  readonly publicId: string;
  readonly name: string;
  readonly typeId: string;
  readonly parentId: string | null;
}

/** Message keys of the tree rules (sentences in messages/englishMessages.ts). */
export const GROUP_NAME_IN_USE = "GROUP_NAME_IN_USE";
export const GROUP_PARENT_NOT_FOUND = "GROUP_PARENT_NOT_FOUND";
export const GROUP_PARENT_OTHER_TYPE = "GROUP_PARENT_OTHER_TYPE";
export const GROUP_PARENT_CYCLE = "GROUP_PARENT_CYCLE";
export const SUBGROUPS_NOT_ALLOWED = "SUBGROUPS_NOT_ALLOWED";
export const GROUP_HAS_SUBGROUPS = "GROUP_HAS_SUBGROUPS";
export const GROUP_HAS_MEMBERS = "GROUP_HAS_MEMBERS";
export const GROUP_HAS_DEVICES = "GROUP_HAS_DEVICES";

/** Whether `candidate` is `ancestor` or lies below it, following parent links in `byId`. */
export const isSelfOrDescendant = (byId: ReadonlyMap<string, TreeGroup>, ancestor: string, candidate: string): boolean => {
  const seen = new Set<string>();
  for (let at: string | null = candidate; at !== null && !seen.has(at); at = byId.get(at)?.parentId ?? null) {
    if (at === ancestor) return true;
    seen.add(at);
  }
  return false;
};

/** Input of a create (no selfPublicId) or an update (selfPublicId; absent fields keep their value). */
export interface GroupInput {
  readonly name: unknown;
  readonly typeId: string;
  /** null: top level. */
  readonly parentId: string | null;
  readonly selfPublicId?: string;
}

/**
 * Validates a group to create, rename or move against the company's groups (`all`, the group
 * itself may be among them). Returns the trimmed name. Errors: InvalidInput (name REQUIRED or too
 * long; parent GROUP_PARENT_NOT_FOUND, GROUP_PARENT_OTHER_TYPE, GROUP_PARENT_CYCLE,
 * SUBGROUPS_NOT_ALLOWED; propertyName "parent") or Conflict (GROUP_NAME_IN_USE, propertyName "name")
 * when a sibling has the name.
 * Guarantee: an accepted move never makes a group its own ancestor.
 */
export const validateGroup = (
  all: ReadonlyArray<TreeGroup>, input: GroupInput, ctx: { readonly mayUseSubgroups: boolean; readonly parentChanged: boolean },
): Result.Result<string, InvalidInput | Conflict> => {
  const byId = new Map(all.map((g) => [g.publicId, g]));
  const issues: ValidationIssue[] = [];
  const name = checkTypeName(input.name);
  if (Result.isFailure(name)) issues.push(name.failure);
  const parentIssue = (message: string) => issues.push({ message, propertyName: "parent" });
  if (input.parentId !== null && ctx.parentChanged) {
    const parent = byId.get(input.parentId);
    if (!ctx.mayUseSubgroups) parentIssue(SUBGROUPS_NOT_ALLOWED);
    else if (!parent) parentIssue(GROUP_PARENT_NOT_FOUND);
    else if (parent.typeId !== input.typeId) parentIssue(GROUP_PARENT_OTHER_TYPE);
    else if (input.selfPublicId !== undefined && isSelfOrDescendant(byId, input.selfPublicId, parent.publicId)) parentIssue(GROUP_PARENT_CYCLE);
  }
  if (issues.length > 0 || Result.isFailure(name)) return Result.fail(new InvalidInput({ issues }));
  const key = typeNameKey(name.success);
  const clash = all.find((g) => g.publicId !== input.selfPublicId && g.typeId === input.typeId
    && g.parentId === input.parentId && typeNameKey(g.name) === key);
  return clash ? Result.fail(new Conflict({ issues: [{ message: GROUP_NAME_IN_USE, propertyName: "name" }] })) : Result.succeed(name.success);
};

/** What still uses a group. */
export interface GroupUsage {
  readonly subgroups: number;
  readonly members: number;
  readonly devices: number;
}

/**
 * Why a group cannot be deleted: one issue per thing that still uses it (subgroups, members,
 * devices, in that order), or none when it may go.
 */
export const groupDeleteRefusal = (usage: GroupUsage): ValidationIssue[] => [
  ...(usage.subgroups > 0 ? [{ message: GROUP_HAS_SUBGROUPS }] : []),
  ...(usage.members > 0 ? [{ message: GROUP_HAS_MEMBERS }] : []),
  ...(usage.devices > 0 ? [{ message: GROUP_HAS_DEVICES }] : []),
];

/** A group with its subgroups, for the tree view. */
export interface GroupNode<G extends TreeGroup = TreeGroup> {
  readonly group: G;
  readonly children: ReadonlyArray<GroupNode<G>>;
}

/**
 * The groups of one type as a forest, siblings sorted by name (then publicId). A group whose
 * parent is missing or of another type is shown at the top level, so every group of the type
 * appears exactly once even in data the rules would not have accepted.
 */
export const groupForest = <G extends TreeGroup>(groups: ReadonlyArray<G>, typeId: string): GroupNode<G>[] => {
  const ofType = groups.filter((g) => g.typeId === typeId);
  const byId = new Map(ofType.map((g) => [g.publicId, g]));
  const children = new Map<string | null, G[]>();
  for (const g of ofType) {
    // A parent chain that loops back is cut where it would: the group goes to the top.
    const parent = g.parentId !== null && byId.has(g.parentId) && !isSelfOrDescendant(byId, g.publicId, g.parentId) ? g.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), g]);
  }
  const order = (a: G, b: G) => a.name.localeCompare(b.name) || (a.publicId < b.publicId ? -1 : a.publicId > b.publicId ? 1 : 0);
  const build = (parent: string | null): GroupNode<G>[] =>
    [...(children.get(parent) ?? [])].sort(order).map((g) => ({ group: g, children: build(g.publicId) }));
  return build(null);
};

/** A group's place in the tree, as the subgroup rules below need it. */
export interface TreeLink {
  readonly publicId: string;
  readonly parentId: string | null;
}

/**
 * The groups `groupIds` and every group above them (parents, their parents...), each once: the
 * groups that contain a device placed in `groupIds`, since a device in a subgroup is in its
 * parent too (issue 11). Unknown ids are kept as they are; a parent chain that loops stops where
 * it repeats, so the result is finite whatever the data.
 */
export const groupsContaining = (tree: ReadonlyArray<TreeLink>, groupIds: Iterable<string>): Set<string> => {
  const parentOf = new Map(tree.map((g) => [g.publicId, g.parentId]));
  const out = new Set<string>();
  for (const start of groupIds) {
    for (let at: string | null | undefined = start; at !== null && at !== undefined && !out.has(at); at = parentOf.get(at)) out.add(at);
  }
  return out;
};

/**
 * The groups `groupIds` and every group below them (subgroups, theirs...), each once: where a
 * role held in `groupIds` reaches. The mirror of groupsContaining: `d` is in
 * groupsBelow(tree, [g]) exactly when `g` is in groupsContaining(tree, [d]).
 */
export const groupsBelow = (tree: ReadonlyArray<TreeLink>, groupIds: Iterable<string>): Set<string> => {
  const childrenOf = new Map<string, string[]>();
  for (const g of tree) if (g.parentId !== null) childrenOf.set(g.parentId, [...(childrenOf.get(g.parentId) ?? []), g.publicId]);
  const out = new Set<string>();
  const todo = [...groupIds];
  for (let at = todo.pop(); at !== undefined; at = todo.pop()) {
    if (out.has(at)) continue;
    out.add(at);
    todo.push(...(childrenOf.get(at) ?? []));
  }
  return out;
};
