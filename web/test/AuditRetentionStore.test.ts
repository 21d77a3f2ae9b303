import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import type { Right } from "@portal/core/domain/Right";
import { ApiFailure } from "@portal/core/errors";
import { parseRetentionDays } from "../src/stores/AuditRetentionStore";
import { company, harness } from "./harness";
import { AuditRetentionStore } from "../src/stores/AuditRetentionStore";

function setup(rights: ReadonlyArray<Right>) {
  const h = harness({ seed: { companies: [{ company: company("companyAAAAA", "Alpha"), rights }], signedIn: true } });
  runInAction(() => {
    h.root.session.rights = rights;
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  return { ...h, store: h.root.get(AuditRetentionStore) };
}

describe("AuditRetentionStore", () => {
  it("reads days as a whole number from 1 to 3650, empty as keep for good", () => {
    expect(parseRetentionDays("")).toBeNull();
    expect(parseRetentionDays(" 30 ")).toBe(30);
    expect(parseRetentionDays("3650")).toBe(3650);
    for (const bad of ["0", "3651", "1.5", "-3", "30d", "1e3"]) expect(parseRetentionDays(bad), bad).toBeUndefined();
  });

  it("loads, saves a change with the audit entry of it, and only administrators may edit", async () => {
    const h = setup(["use:audit-logs", "manage:roles"]);
    await h.store.ensure();
    expect(h.store.days).toBeNull();
    expect(h.store.canEdit).toBe(true);
    h.store.setText("90");
    expect(h.store.isChanged).toBe(true);
    await h.store.save();
    expect(h.store.days).toBe(90);
    expect(h.api.state.auditLogs[0]).toMatchObject({ topic: "AuditRetention", before: { days: null }, after: { days: 90 } });
    expect(h.root.snackbars.visible.at(-1)?.message).toBe("AUDIT_RETENTION_SAVED");
    const reader = setup(["use:audit-logs"]);
    await reader.store.ensure();
    expect(reader.store.canEdit).toBe(false);
  });

  it("a failed save keeps what was typed and says why", async () => {
    const h = setup(["use:audit-logs", "manage:roles"]);
    await h.store.ensure();
    h.store.setText("45");
    h.api.failNext("auditLogs.setRetention", new ApiFailure({ status: 409, issues: [{ message: "Busy" }] }));
    await h.store.save();
    expect(h.store.text).toBe("45");
    expect(h.store.days).toBeNull();
    expect(h.root.snackbars.visible.map((s) => s.message)).toEqual(["Busy"]);
  });
});
