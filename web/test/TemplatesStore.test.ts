/**
 * The Templates screen's stores on the in-memory PortalApi (issue 13): a company without an mdr
 * server is refused with 'Your company is not fully provisioned' for 3 s and keeps the typed name;
 * add, config (a bad JSON text is refused by core before any call, the first config is the one
 * shown), share, subscribe; the log download saves cloud-function.log or says 'download failed'
 * for 3 s; a template shared with the company is read-only.
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { NotFound } from "@portal/core/errors";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import type { PlatformServer } from "@portal/core/domain/Platform";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { makeMemoryEventStream } from "@portal/fixtures/memory/MemoryEventStream";
import { PortalApiMemory, type MemoryPlatform } from "@portal/fixtures/memory/PortalApiMemory";
import { StorageMemory } from "@portal/fixtures/memory/StorageMemory";
import { VpnConnectorMemory } from "@portal/fixtures/memory/VpnConnectorMemory";
import { PlatformServersStore } from "../src/stores/PlatformServersStore";
import { RootStore } from "../src/stores/RootStore";
import { TemplatesStore } from "../src/stores/TemplatesStore";
import { company, ManualTimers, START } from "./harness";
import { ENGLISH_MESSAGES } from "@portal/core/messages/englishMessages";

const MDR: PlatformServer = { publicId: "srvMdr000001", name: "MDR 1", location: "Amsterdam", type: "mdr", vpnRange: "10.64.0.0/16" };
const RSC: PlatformServer = { publicId: "srvRsc000001", name: "RSC 1", location: "Amsterdam", type: "rsc", vpnRange: "10.8.0.0/16" };

function harness(platform: Partial<MemoryPlatform>) {
  const clock = ClockStepped.make(START);
  const api = PortalApiMemory.makeSync({
    signedIn: true, platform,
    companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }, { company: company("companyBBBBB", "Beta"), rights: ALL_RIGHTS }],
  }, clock);
  const stream = makeMemoryEventStream(api.state);
  const root = new RootStore({
    messages: ENGLISH_MESSAGES,
    ports: { api, connector: VpnConnectorMemory.make({ reachable: false }), clock, storage: StorageMemory.make(clock) },
    navigate: () => undefined,
    env: { hostname: "portal.example.com", isProduction: false, webRootUrl: null, platform: "web" },
    brandingHost: "portal.example.com",
    online: { isOnline: () => true, subscribe: () => () => undefined },
    timers: new ManualTimers(),
    events: stream.open,
  });
  runInAction(() => {
    root.session.rights = [...ALL_RIGHTS];
    root.session.selectedCompanyId = "companyAAAAA";
  });
  return { api, root };
}

describe("TemplatesStore", () => {
  it("refuses a template without an mdr server: the catalogue's 3 s snackbar, the typed name kept", async () => {
    const { root } = harness({ servers: [RSC] });
    const store = new TemplatesStore(root);
    store.openAdd();
    store.form!.set("name", "Pump watch");
    await store.saveForm();
    expect(store.form?.values.name).toBe("Pump watch");
    const snack = root.snackbars.visible.at(-1)!;
    expect(snack.message).toBe("Your company is not fully provisioned");
    expect(snack.timeoutMs).toBe(3000);
  });

  it("adds a template, its config, a share and a subscription, and downloads the runner log", async () => {
    const { api, root } = harness({ servers: [MDR, RSC] });
    const store = new TemplatesStore(root);
    store.openAdd();
    store.form!.set("name", "Pump watch");
    await store.saveForm();
    expect(store.form).toBeNull();
    expect(store.templates.map((t) => [t.name, t.shared, t.runner])).toEqual([["Pump watch", false, expect.stringMatching(/^runner-companyaaaaa-/)]]);

    store.open(store.templates[0]!);
    const detail = store.detail!;
    await detail.load();
    expect(detail.config).toBeNull();
    detail.editConfig();
    detail.configForm!.set("config", "[1, 2]");
    await detail.saveConfig();
    expect(detail.configForm!.issues["config"]).toBe("TEMPLATE_CONFIG_NOT_OBJECT");
    expect(api.state.calls).not.toContain("platform.addConfig");
    detail.configForm!.set("config", '{"limit": 5}');
    await detail.saveConfig();
    expect(detail.configForm).toBeNull();
    expect(detail.config?.config).toEqual({ limit: 5 });

    detail.shareForm.set("company", "companyAAAAA");
    await detail.addShare();
    expect(detail.shareForm.issues["company"]).toBe("SHARE_WITH_OWN_COMPANY");
    detail.shareForm.set("company", "companyBBBBB");
    await detail.addShare();
    expect(detail.shares.map((s) => s.company.name)).toEqual(["Beta"]);

    detail.subscriptionForm.set("topic", "plant/#/x");
    await detail.addSubscription();
    expect(detail.subscriptionForm.values.topic).toBe("plant/#/x");
    detail.subscriptionForm.set("topic", "plant/+/temperature");
    await detail.addSubscription();
    expect(detail.subscriptions.map((s) => s.topic)).toEqual(["plant/+/temperature"]);

    expect(await detail.downloadLogs()).toBe(true);
    const lines = api.platformState.logs[detail.template.runner]!;
    expect(lines.some((l) => l.includes("deployed on MDR 1"))).toBe(true);
    expect(lines.some((l) => l.includes("subscribed to plant/+/temperature"))).toBe(true);

    api.failNext("platform.templateLogs", new NotFound({ entity: "BackendTemplate" }));
    expect(await detail.downloadLogs()).toBe(false);
    const snack = root.snackbars.visible.at(-1)!;
    expect([snack.message, snack.timeoutMs]).toEqual(["download failed", 3000]);
  });

  it("shows a template shared with the company as read-only", async () => {
    const { root } = harness({
      servers: [MDR],
      templates: [{ publicId: "tplShared001", name: "From Beta", description: "", company: { publicId: "companyBBBBB", name: "Beta" }, createdOn: "2026-01-01T00:00:00.000Z" }],
      shares: [{ publicId: "shr000000001", company: { publicId: "companyAAAAA", name: "Alpha" }, template: { publicId: "tplShared001", name: "From Beta" } }],
    });
    const store = new TemplatesStore(root);
    await store.load();
    expect(store.templates.map((t) => [t.name, t.shared])).toEqual([["From Beta", true]]);
    store.open(store.templates[0]!);
    expect(store.detail!.readOnly).toBe(true);
  });
});

describe("PlatformServersStore", () => {
  it("lists the company's servers and narrows them by type", async () => {
    const { root } = harness({ servers: [RSC, MDR] });
    const store = new PlatformServersStore(root);
    await store.load();
    expect(store.visible.map((s) => s.name)).toEqual(["MDR 1", "RSC 1"]);
    store.setType("rsc");
    expect(store.visible.map((s) => s.name)).toEqual(["RSC 1"]);
  });
});
