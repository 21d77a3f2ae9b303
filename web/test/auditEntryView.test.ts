import { describe, expect, it } from "vitest";
import { actorLabel, formatAuditTime, formatState, targetLabel } from "../src/features/audit-trail/auditEntryView";

describe("how an audit entry reads", () => {
  it("shows before/after as indented JSON, and nothing for a missing side", () => {
    expect(formatState({ name: "A", order: 0 })).toBe('{\n  "name": "A",\n  "order": 0\n}');
    expect(formatState(null)).toBeNull();
    expect(formatState(undefined)).toBeNull();
  });

  it("reads the actor by name, else publicId, else Unknown; a time that is not one stays as sent", () => {
    const base = { publicId: "auditEntry01", action: "CREATE", topic: "GroupType", target: "t", createdOn: "2026-11-21T10:00:00Z" } as const;
    expect(actorLabel({ ...base, actor: { publicId: "userA", name: "Ada" } })).toBe("Ada");
    expect(actorLabel({ ...base, actor: { publicId: "userA" } })).toBe("userA");
    expect(actorLabel({ ...base, actor: null })).toBe("Unknown");
    expect(formatAuditTime("not a time")).toBe("not a time");
    expect(formatAuditTime("2026-11-21T10:00:00Z")).toMatch(/2026/);
    expect(targetLabel({ ...base, targetName: "Line 1" })).toBe("Line 1");
    expect(targetLabel({ ...base, targetName: null })).toBe("t");
  });
});
