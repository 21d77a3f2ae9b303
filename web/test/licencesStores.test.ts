/**
 * Licences and apps (issue 12) stores on the in-memory PortalApi: a device's licence state with
 * trial, licence and coupon activation judged by core's rules (a used coupon refused, the typed code
 * kept), the Licences screen's bundles and extension, and the Apps screen's install and
 * configuration form (dirty tracking, a server refusal shown under its field with the values kept).
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import type { App } from "@portal/core/domain/App";
import type { AgentLicenceState, LicenceBundle } from "@portal/core/domain/Licence";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { InvalidInput } from "@portal/core/errors";
import { DeviceLicenceStore } from "../src/stores/DeviceLicenceStore";
import { company, flush, harness } from "./harness";
import { AppsStore } from "../src/stores/AppsStore";
import { LicencesStore } from "../src/stores/LicencesStore";

const DAY = 86_400_000;
const device = (publicId: string, name: string): AgentLicenceState => ({ publicId, name, activations: [], bundles: [], trialsUsed: [], demoExpiresOn: null });
const bundle: LicenceBundle = {
  publicId: "bundleAAAAAA", licenceType: { publicId: "typeAAAAAAAA", name: "Alarming and logging bundle", features: ["alarming", "logging"] },
  seats: 1, seatsUsed: 0, expiresOn: "2030-01-01T00:00:00.000Z",
};
const modbus: App = {
  publicId: "appModbus000", key: "modbus-poller", name: "Modbus poller", description: "Reads registers.", installed: false, config: null, installedOn: null,
  configSchema: { type: "object", required: ["host"], properties: { host: { type: "string" }, port: { type: "integer", maximum: 65535 } } },
};

function licenceHarness(rights: ReadonlyArray<string> = ALL_RIGHTS) {
  const h = harness({
    seed: {
      signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }],
      licences: {
        types: [{ publicId: "typeAAAAAAAA", key: "alarming-logging", name: "Alarming and logging bundle", features: ["alarming", "logging"], periodDays: 365 }],
        bundles: [bundle], devices: [device("deviceAAAAAA", "Boiler"), device("deviceBBBBBB", "Press")],
        coupons: [{ code: "DEMO-ALARM-30", feature: "alarming", days: 30, redeemed: false }], apps: [modbus],
      },
    },
  });
  runInAction(() => {
    h.root.session.rights = [...rights] as typeof h.root.session.rights;
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  return h;
}

describe("DeviceLicenceStore", () => {
  it("redeems a coupon once: the second device is refused with a sentence and keeps the typed code", async () => {
    const { root } = licenceHarness();
    const first = new DeviceLicenceStore(root, "deviceAAAAAA");
    await first.load();
    expect(first.canManage).toBe(true);
    first.setCoupon(" demo-alarm-30 ");
    expect(await first.redeem()).toBe(true);
    expect(first.couponCode).toBe("");
    const a = first.licence!.activations[0]!;
    expect([a.feature, a.method]).toEqual(["alarming", "coupon"]);
    expect(Date.parse(a.expiresOn) - first.now()).toBe(30 * DAY);
    const second = new DeviceLicenceStore(root, "deviceBBBBBB");
    await second.load();
    second.setCoupon("DEMO-ALARM-30");
    expect(await second.redeem()).toBe(false);
    expect(second.couponCode).toBe("DEMO-ALARM-30");
    expect(second.failure).toBe("This coupon code is unknown or has already been used. Check the code.");
    expect(second.licence!.activations).toEqual([]);
  });

  it("starts one trial per feature, takes a licence seat, and frees it on deactivation", async () => {
    const { root } = licenceHarness();
    const store = new DeviceLicenceStore(root, "deviceAAAAAA");
    await store.load();
    expect(await store.activate("logging", { trial: true })).toBe(true);
    expect(store.licence!.trialsUsed).toEqual(["logging"]);
    await store.deactivate("logging");
    expect(await store.activate("logging", { trial: true })).toBe(false);
    expect(store.failure).toMatch(/already used its trial/);
    expect(await store.activate("alarming", { licence: { publicId: bundle.publicId } })).toBe(true);
    expect(store.bundles[0]!.seatsUsed).toBe(1);
    expect(store.freeBundles.map((b) => b.publicId)).toEqual([bundle.publicId]);
    expect(await store.activateBundle(bundle.publicId)).toBe(false);
    expect(store.failure).toMatch(/Every seat of this licence is taken/);
    await store.deactivate("alarming");
    expect(store.bundles[0]!.seatsUsed).toBe(0);
  });

  it("shows the state without management controls to a device reader", async () => {
    const { root } = licenceHarness(["use:access-requests"]);
    const store = new DeviceLicenceStore(root, "deviceAAAAAA");
    expect(store.canManage).toBe(false);
  });
});

describe("LicencesStore and AppsStore", () => {
  it("loads bundles and devices and extends a bundle by its period", async () => {
    const { root } = licenceHarness();
    await root.get(LicencesStore).load();
    expect(root.get(LicencesStore).state).toBe("ready");
    expect(root.get(LicencesStore).bundles).toHaveLength(1);
    expect(root.get(LicencesStore).licensedDevices).toEqual([]);
    await root.get(LicencesStore).extend(bundle.publicId);
    expect(root.get(LicencesStore).bundles[0]!.expiresOn).toBe(new Date(Date.parse(bundle.expiresOn) + 365 * DAY).toISOString());
  });

  it("reloads the Licences screen when the server says a device's licences changed, for the selected company only", async () => {
    const { root, api } = licenceHarness();
    await root.get(LicencesStore).load();
    api.licenceState.devices = api.licenceState.devices.map((d) => d.publicId === "deviceAAAAAA"
      ? { ...d, activations: [{ feature: "alarming", method: "trial", startsOn: "2026-01-01T00:00:00.000Z", expiresOn: "2026-01-31T00:00:00.000Z", licence: null, active: false }] }
      : d);
    root.events.receive({ id: "1", event: "licence-changed", data: JSON.stringify({ company: "otherCompany", agent: "deviceAAAAAA", change: "ended" }) });
    expect(root.get(LicencesStore).changes).toBe(0);
    root.events.receive({ id: "2", event: "licence-changed", data: JSON.stringify({ company: "companyAAAAA", agent: "deviceAAAAAA", feature: "alarming", change: "ended" }) });
    expect(root.get(LicencesStore).changes).toBe(1);
    expect(root.get(LicencesStore).lastChangedDevice).toBe("deviceAAAAAA");
    await flush();
    expect(root.get(LicencesStore).licensedDevices.map((d) => d.activations[0]!.active)).toEqual([false]);
  });

  it("installs an app, tracks changes in its form, checks the schema before sending, keeps the values when the server refuses a field", async () => {
    const { root, api } = licenceHarness();
    const apps = root.get(AppsStore);
    await apps.load();
    await apps.install(modbus.publicId);
    const installed = apps.apps[0]!;
    expect(installed.installed).toBe(true);
    apps.openConfig(installed);
    const form = apps.form!;
    expect(form.isDirty).toBe(false);
    apps.askClose();
    expect(apps.form).toBeNull();
    apps.openConfig(installed);
    const again = apps.form!;
    again.change({ host: "plc.local", port: 70000 });
    expect(again.isDirty).toBe(true);
    apps.askClose();
    expect(again.confirmingDiscard).toBe(true);
    apps.keepEditing();
    // The browser's check of the app's schema refuses the port: Save is not offered and nothing is sent.
    expect(again.issues.map((i) => [i.path.join("."), i.message])).toEqual([["port", "must be <= 65535"]]);
    expect(again.canSave).toBe(false);
    const calls = api.state.calls.length;
    expect(await apps.save()).toBe(false);
    expect(api.state.calls.length).toBe(calls);
    // A value the schema accepts that the server still refuses: its reason lands on the field, the values stay.
    again.change({ host: "plc.local", port: 502 });
    expect(again.canSave).toBe(true);
    api.failNext("apps.saveConfig", new InvalidInput({ issues: [{ propertyName: "data.host", message: "must match pattern \"^[A-Za-z0-9.-]+$\"" }] }));
    expect(await apps.save()).toBe(false);
    expect(apps.form).toBe(again);
    expect(again.serverErrors).toEqual({ host: "must match pattern \"^[A-Za-z0-9.-]+$\"" });
    expect(again.data).toEqual({ host: "plc.local", port: 502 });
    again.change({ host: "plc.local", port: 502 });
    expect(await apps.save()).toBe(true);
    expect(apps.form).toBeNull();
    expect(apps.apps[0]!.config).toEqual({ host: "plc.local", port: 502 });
  });
});
