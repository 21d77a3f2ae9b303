import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GROUP_HAS_DEVICES, GROUP_HAS_MEMBERS, GROUP_HAS_SUBGROUPS, GROUP_PARENT_CYCLE, GROUP_PARENT_NOT_FOUND, GROUP_PARENT_OTHER_TYPE,
  SUBGROUPS_NOT_ALLOWED, groupDeleteRefusal, groupForest, isSelfOrDescendant, validateGroup, type GroupNode, type TreeGroup,
} from "./groupTree";

const g = (publicId: string, name: string, parentId: string | null = null, typeId = "T"): TreeGroup => ({ publicId, name, typeId, parentId });
const all = [g("a", "Hall A"), g("b", "Line 1", "a"), g("c", "Cell", "b"), g("d", "Hall B"), g("x", "Sales", null, "U")];
const sub = { mayUseSubgroups: true, parentChanged: true };

const issuesOf = (r: Result.Result<string, unknown>) => {
  if (Result.isSuccess(r)) throw new Error("expected a failure");
  return r.failure as { _tag: string; issues?: unknown };
};

describe("validateGroup", () => {
  it("accepts a new top-level group and trims its name", () => {
    expect(validateGroup(all, { name: "  Hall C ", typeId: "T", parentId: null }, sub)).toEqual(Result.succeed("Hall C"));
  });
  it("requires a name of at most 255 characters", () => {
    expect(issuesOf(validateGroup(all, { name: " ", typeId: "T", parentId: null }, sub)).issues).toEqual([{ message: "REQUIRED", propertyName: "name" }]);
    expect(Result.isFailure(validateGroup(all, { name: "x".repeat(256), typeId: "T", parentId: null }, sub))).toBe(true);
  });
  it("refuses a name a sibling has (case ignored) but allows it under another parent or type", () => {
    expect(issuesOf(validateGroup(all, { name: "hall a", typeId: "T", parentId: null }, sub))._tag).toBe("Conflict");
    expect(Result.isSuccess(validateGroup(all, { name: "Hall A", typeId: "T", parentId: "d" }, sub))).toBe(true);
    expect(Result.isSuccess(validateGroup(all, { name: "Hall A", typeId: "U", parentId: null }, sub))).toBe(true);
    // Renaming a group to its own name is no clash.
    expect(Result.isSuccess(validateGroup(all, { name: "Hall A", typeId: "T", parentId: null, selfPublicId: "a" }, { ...sub, parentChanged: false }))).toBe(true);
  });
  it("checks the parent: present, same type, subgroups allowed, no cycle", () => {
    const parentIssue = (parentId: string, extra: Partial<{ selfPublicId: string; mayUseSubgroups: boolean }> = {}) =>
      issuesOf(validateGroup(all, { name: "New", typeId: "T", parentId, ...(extra.selfPublicId ? { selfPublicId: extra.selfPublicId } : {}) },
        { mayUseSubgroups: extra.mayUseSubgroups ?? true, parentChanged: true })).issues;
    expect(parentIssue("zz")).toEqual([{ message: GROUP_PARENT_NOT_FOUND, propertyName: "parent" }]);
    expect(parentIssue("x")).toEqual([{ message: GROUP_PARENT_OTHER_TYPE, propertyName: "parent" }]);
    expect(parentIssue("a", { mayUseSubgroups: false })).toEqual([{ message: SUBGROUPS_NOT_ALLOWED, propertyName: "parent" }]);
    expect(parentIssue("a", { selfPublicId: "a" })).toEqual([{ message: GROUP_PARENT_CYCLE, propertyName: "parent" }]);
    expect(parentIssue("c", { selfPublicId: "a" })).toEqual([{ message: GROUP_PARENT_CYCLE, propertyName: "parent" }]);
  });
  it("lets a nested group be renamed without manage:subgroups, as long as it stays where it is", () => {
    expect(Result.isSuccess(validateGroup(all, { name: "Line one", typeId: "T", parentId: "a", selfPublicId: "b" }, { mayUseSubgroups: false, parentChanged: false }))).toBe(true);
  });
});

describe("groupDeleteRefusal", () => {
  it("names every thing that still uses the group, subgroups first", () => {
    expect(groupDeleteRefusal({ subgroups: 0, members: 0, devices: 0 })).toEqual([]);
    expect(groupDeleteRefusal({ subgroups: 1, members: 2, devices: 3 }).map((i) => i.message)).toEqual([GROUP_HAS_SUBGROUPS, GROUP_HAS_MEMBERS, GROUP_HAS_DEVICES]);
    expect(groupDeleteRefusal({ subgroups: 0, members: 0, devices: 1 }).map((i) => i.message)).toEqual([GROUP_HAS_DEVICES]);
  });
});

describe("groupForest", () => {
  it("nests subgroups under their parents, siblings by name", () => {
    const forest = groupForest(all, "T");
    expect(forest.map((n) => n.group.publicId)).toEqual(["a", "d"]);
    expect(forest[0]!.children[0]!.group.publicId).toBe("b");
    expect(forest[0]!.children[0]!.children[0]!.group.publicId).toBe("c");
  });
});

const flatten = (nodes: ReadonlyArray<GroupNode>): string[] => nodes.flatMap((n) => [n.group.publicId, ...flatten(n.children)]);

/** A forest of groups of two types built by accepted creates, then a list of attempted moves. */
const ids = ["g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7"];
const arbitraryHistory = fc.record({
  creates: fc.array(fc.record({ type: fc.constantFrom("T", "U"), parent: fc.option(fc.nat(7), { nil: null }) }), { minLength: 1, maxLength: 8 }),
  moves: fc.array(fc.record({ who: fc.nat(7), to: fc.option(fc.nat(7), { nil: null }) }), { maxLength: 30 }),
});

describe("properties", () => {
  it("no sequence of accepted creates and moves makes a group its own ancestor, and the forest shows each group once", () => {
    fc.assert(fc.property(arbitraryHistory, ({ creates, moves }) => {
      let groups: TreeGroup[] = [];
      creates.forEach((c, i) => {
        const parentId = c.parent !== null && c.parent < groups.length ? ids[c.parent]! : null;
        const input = { name: ids[i]!, typeId: c.type, parentId };
        if (Result.isSuccess(validateGroup(groups, input, sub))) groups = [...groups, { publicId: ids[i]!, ...input }];
      });
      for (const m of moves) {
        const self = groups[m.who % groups.length]!;
        const parentId = m.to === null ? null : ids[m.to]!;
        const ok = validateGroup(groups, { name: self.name, typeId: self.typeId, parentId, selfPublicId: self.publicId }, sub);
        if (Result.isSuccess(ok)) groups = groups.map((x) => (x.publicId === self.publicId ? { ...x, parentId } : x));
      }
      const byId = new Map(groups.map((x) => [x.publicId, x]));
      for (const x of groups) {
        if (x.parentId !== null) {
          expect(isSelfOrDescendant(byId, x.publicId, x.parentId)).toBe(false);
          expect(byId.get(x.parentId)!.typeId).toBe(x.typeId);
        }
      }
      for (const type of ["T", "U"]) {
        expect(flatten(groupForest(groups, type)).sort()).toEqual(groups.filter((x) => x.typeId === type).map((x) => x.publicId).sort());
      }
    }));
  });
  it("the forest shows every group of the type exactly once, whatever the parent links", () => {
    fc.assert(fc.property(fc.array(fc.option(fc.nat(7), { nil: null }), { minLength: 1, maxLength: 8 }), (parents) => {
      const groups = parents.map((p, i) => g(ids[i]!, `n${i % 3}`, p === null ? null : ids[p]!));
      expect(flatten(groupForest(groups, "T")).sort()).toEqual(groups.map((x) => x.publicId).sort());
    }));
  });
});
