import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasMessage } from "../messages/messages";
import { ACCESS_REQUEST_CHANGES } from "../wire/events";
import { accessDecisionNotice, expiringAccessNotice, inviteNotice } from "./notices";

describe("notices", () => {
  it("tells the requester of decisions and undecided expiry, naming approver and device", () => {
    expect(accessDecisionNotice("approved", "Anna Approver", "Line 1")).toEqual({
      kind: "access-decision", key: "NAME_HAS_APPROVED_YOUR_ACCESS_REQUEST", params: { name: "Anna Approver", device: "Line 1" }, link: "/my-access-requests",
    });
    expect(accessDecisionNotice("expired", null, "Line 1")?.params).toEqual({ device: "Line 1" });
    for (const own of ["created", "cancelled", "released", "extended"] as const) expect(accessDecisionNotice(own, "X", "Y")).toBeNull();
  });

  it("only ever answers catalogue keys", () => {
    fc.assert(fc.property(fc.constantFrom(...ACCESS_REQUEST_CHANGES), fc.option(fc.string()), fc.string(), (change, name, device) => {
      const n = accessDecisionNotice(change, name, device);
      if (n) expect(hasMessage(n.key)).toBe(true);
    }));
    expect(hasMessage(inviteNotice("Acme").key)).toBe(true);
    expect(hasMessage(expiringAccessNotice("Acme", "2026-12-01").key)).toBe(true);
  });
});
