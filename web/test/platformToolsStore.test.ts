/**
 * The administrator-only tools' store (issue 12) on the in-memory PortalApi: only a platform
 * administrator loads them; a bundle form names what is missing and keeps what was typed; a
 * server refusal stays beside its field; trials, coupons, demo expiry and backup codes save.
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { ApiUnavailable } from "@portal/core/errors";
import { PlatformToolsStore } from "../src/stores/PlatformToolsStore";
import { company, harness } from "./harness";

function toolsHarness(platformAdmin: boolean) {
  const h = harness({
    seed: {
      signedIn: true, user: { platformAdmin }, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }],
      licences: { types: [{ publicId: "typeAAAAAAAA", key: "alarming", name: "Alarming", features: ["alarming"], periodDays: 365 }] },
      admin: {
        demoDevices: [{ publicId: "deviceAAAAAA", name: "Demo press", company: { publicId: "companyAAAAA", name: "Alpha" }, demoExpiresOn: "2027-01-02T00:00:00.000Z" }],
        twoFactorUsers: ["otp@example.com"],
      },
    },
  });
  runInAction(() => { h.root.session.selectedCompanyId = "companyAAAAA"; });
  return { ...h, store: new PlatformToolsStore(h.root) };
}

describe("PlatformToolsStore", () => {
  it("refuses anyone but a platform administrator", async () => {
    const { store } = toolsHarness(false);
    await store.load();
    expect(store.state).toBe("failed");
  });

  it("names what a bundle lacks, keeps the typed values, and adds it once complete", async () => {
    const { store } = toolsHarness(true);
    await store.load();
    expect(store.state).toBe("ready");
    store.editBundle({ seats: "5" });
    await store.createBundle();
    expect(Object.keys(store.bundleErrors).sort()).toEqual(["company.publicId", "expiresOn", "licenceType.publicId"]);
    expect(store.bundleForm.seats).toBe("5");
    store.editBundle({ company: "companyAAAAA", licenceType: "typeAAAAAAAA", expiresOn: "2027-06-30", seats: "0" });
    await store.createBundle();
    expect(store.bundleErrors["seats"]).toMatch(/seat/i);
    expect(store.bundleForm).toMatchObject({ company: "companyAAAAA", seats: "0", expiresOn: "2027-06-30" });
    store.editBundle({ seats: "5" });
    await store.createBundle();
    expect(store.bundleErrors).toEqual({});
    expect(store.bundles.map((b) => [b.company?.name, b.seats, b.expiresOn])).toEqual([["Alpha", 5, "2027-07-01T00:00:00.000Z"]]);
    await store.deleteBundle(store.bundles[0]!.publicId);
    expect(store.bundles).toEqual([]);
  });

  it("keeps a row's typed day when the save fails, then saves it", async () => {
    const { store, api } = toolsHarness(true);
    await store.load();
    store.editDay("companyAAAAA", "2027-03-31");
    api.failNext("admin.setTrial", new ApiUnavailable({ status: 0 }));
    await store.saveTrial("companyAAAAA");
    expect(store.rowErrors["companyAAAAA"]).toBeTruthy();
    expect(store.dayEdits["companyAAAAA"]).toBe("2027-03-31");
    await store.saveTrial("companyAAAAA");
    expect(store.companies[0]!.trialEndsOn).toBe("2027-04-01T00:00:00.000Z");
    expect(store.dayEdits["companyAAAAA"]).toBeUndefined();
    await store.saveTrial("companyAAAAA", true);
    expect(store.companies[0]!.trialEndsOn).toBeNull();
  });

  it("issues coupons, moves and clears a demo expiry, and mails backup codes only to two-factor users", async () => {
    const { store, api } = toolsHarness(true);
    await store.load();
    store.editCoupon({ feature: "logging", days: "14", code: "spring-24" });
    await store.issueCoupon();
    expect(store.coupons.map((c) => [c.code, c.feature, c.days])).toEqual([["SPRING-24", "logging", 14]]);
    store.editCoupon({ code: "SPRING-24" });
    await store.issueCoupon();
    expect(store.couponErrors["code"]).toMatch(/exists/);
    store.editDay("deviceAAAAAA", "2027-02-01");
    await store.saveDemoExpiry("deviceAAAAAA");
    expect(store.demoDevices[0]!.demoExpiresOn).toBe("2027-02-02T00:00:00.000Z");
    await store.saveDemoExpiry("deviceAAAAAA", true);
    expect(store.demoDevices).toEqual([]);
    store.setBackupEmail("nobody@example.com");
    await store.resendBackupCodes();
    expect(store.backupErrors["user.publicId"]).toMatch(/no two-factor/);
    expect(store.backupEmail).toBe("nobody@example.com");
    store.setBackupEmail("OTP@example.com ");
    await store.resendBackupCodes();
    expect(api.adminState.backupCodeMails).toEqual(["otp@example.com"]);
  });
});
