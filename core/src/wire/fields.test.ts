import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { parseFields, printFields, projectFields, type FieldTree } from "./fields";

const tree = (star: boolean, fields: Record<string, FieldTree | true> = {}): FieldTree => ({
  star, fields: new Map(Object.entries(fields)),
});
const parsed = (input: string): FieldTree => {
  const r = parseFields(input);
  if (Result.isFailure(r)) throw new Error(r.failure.issues[0]?.message);
  return r.success;
};
const failure = (input: string) => {
  const r = parseFields(input);
  return Result.isFailure(r) ? r.failure : undefined;
};

/** Trees with at least one selection at every level (only those have a written form). */
const fieldTreeArb: fc.Arbitrary<FieldTree> = fc.letrec<{ tree: FieldTree }>((tie) => ({
  tree: fc
    .record({
      star: fc.boolean(),
      fields: fc.uniqueArray(
        fc.tuple(
          fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/),
          fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constant(true as const), tie("tree")),
        ),
        { selector: ([name]) => name, maxLength: 4 },
      ),
    })
    .filter((t) => t.star || t.fields.length > 0)
    .map((t) => ({ star: t.star, fields: new Map(t.fields) })),
})).tree;

describe("parseFields", () => {
  it("reads a comma list of top-level names", () => {
    expect(parsed("color,name,order")).toEqual(tree(false, { color: true, name: true, order: true }));
  });

  it("reads * as all top-level fields, with extra expansions", () => {
    expect(parsed("*,languages")).toEqual(tree(true, { languages: true }));
  });

  it("reads dots and parentheses as the same nesting", () => {
    expect(parsed("activeVpnSession.vpnAddress")).toEqual(tree(false, { activeVpnSession: tree(false, { vpnAddress: true }) }));
    expect(parsed("agent(publicId,name)")).toEqual(parsed("agent.publicId,agent.name"));
    expect(parsed("activeVpnSession(rscServer(name,publicId),vpnAddress)"))
      .toEqual(parsed("activeVpnSession.rscServer.name,activeVpnSession.rscServer.publicId,activeVpnSession.vpnAddress"));
  });

  it("lets a whole field absorb a sub-selection of it", () => {
    expect(parsed("agent,agent.name")).toEqual(tree(false, { agent: true }));
    expect(parsed("agent.name,agent")).toEqual(tree(false, { agent: true }));
  });

  it.each(["", ",", "name,", "a(", "a(b", "a()", "a)b", "a..b", "1abc", "na-me", "a b", "a(b))"])(
    "rejects %j with an issue on fields",
    (input) => {
      expect(failure(input)?.issues[0]?.propertyName).toBe("fields");
    },
  );

  it("bounds depth and length", () => {
    expect(failure(Array.from({ length: 12 }, () => "a").join("."))).toBeDefined();
    expect(failure("a,".repeat(3000) + "a")).toBeDefined();
  });

  it("property: parse(print(tree)) = tree", () => {
    fc.assert(fc.property(fieldTreeArb, (t) => {
      expect(parsed(printFields(t))).toEqual(t);
    }));
  });

  it("property: printing is a fixed point after one parse", () => {
    fc.assert(fc.property(fieldTreeArb, (t) => {
      const once = printFields(t);
      expect(printFields(parsed(once))).toBe(once);
    }));
  });
});

describe("projectFields", () => {
  const agent = {
    publicId: "A1", name: "Router", useStunnel: false,
    activeVpnSession: { vpnAddress: "10.0.0.2", rscServer: { publicId: "S1", name: "eu-1" } },
    servers: [{ publicId: "X1", name: "HMI", requireAccessApproval: true }],
  };

  it("keeps only requested fields and always publicId", () => {
    expect(projectFields(agent, parsed("name"))).toEqual({ publicId: "A1", name: "Router" });
  });

  it("keeps scalars for *, and nested objects only when named", () => {
    expect(projectFields(agent, parsed("*"))).toEqual({ publicId: "A1", name: "Router", useStunnel: false });
    expect(projectFields(agent, parsed("*,activeVpnSession.vpnAddress")))
      .toEqual({ publicId: "A1", name: "Router", useStunnel: false, activeVpnSession: { vpnAddress: "10.0.0.2" } });
  });

  it("projects each element of arrays, keeping their publicId", () => {
    expect(projectFields(agent, parsed("servers(name)"))).toEqual({ publicId: "A1", servers: [{ publicId: "X1", name: "HMI" }] });
    expect(projectFields([agent], parsed("name"))).toEqual([{ publicId: "A1", name: "Router" }]);
  });

  it("keeps a named object whole and skips unknown names", () => {
    expect(projectFields(agent, parsed("activeVpnSession,nope"))).toEqual({ publicId: "A1", activeVpnSession: agent.activeVpnSession });
  });

  it("keeps a field named __proto__ as data", () => {
    const value = JSON.parse('{"publicId":"p","__proto__":{"x":1}}') as unknown;
    const out = projectFields(value, parsed("__proto__")) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
  });

  it("property: a projection only keeps keys of the source, and publicId is never dropped", () => {
    const objectArb = fc.dictionary(fc.stringMatching(/^[a-d]$/), fc.oneof(fc.string(), fc.integer(), fc.dictionary(fc.stringMatching(/^[a-d]$/), fc.string())));
    fc.assert(fc.property(objectArb, fc.string(), fieldTreeArb, (obj, id, t) => {
      const source = { ...obj, publicId: id };
      const out = projectFields(source, t) as Record<string, unknown>;
      expect(out["publicId"]).toBe(id);
      for (const key of Object.keys(out)) expect(Object.keys(source)).toContain(key);
    }));
  });
});
