/**
 * Identity and menu items stores (issue 12) on PortalApiMemory (core's rules, as on the server):
 * a save applies the company's branding at once (title, theme, colour, logo); a second session of
 * the same company follows through the "branding-changed" event; a refused image keeps the form
 * and puts the server's message on the image; menu items save as DELETE + POST + PATCH lists.
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS, type Right } from "@portal/core/domain/Right";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { makeMemoryEventStream } from "@portal/fixtures/memory/MemoryEventStream";
import { PortalApiMemory } from "@portal/fixtures/memory/PortalApiMemory";
import { StorageMemory } from "@portal/fixtures/memory/StorageMemory";
import { VpnConnectorMemory } from "@portal/fixtures/memory/VpnConnectorMemory";
import { RootStore } from "../src/stores/RootStore";
import { ManualTimers, START, company, flush } from "./harness";
import { IdentityStore } from "../src/stores/IdentityStore";
import { MenuItemsStore } from "../src/stores/MenuItemsStore";
import { ENGLISH_MESSAGES } from "@portal/core/messages/englishMessages";

const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function setup(rights: ReadonlyArray<Right> = ALL_RIGHTS) {
  const clock = ClockStepped.make(START);
  const api = PortalApiMemory.makeSync({ signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights }] }, clock);
  const stream = makeMemoryEventStream(api.state);
  const make = () => {
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
      root.session.rights = [...rights];
      root.session.selectedCompanyId = "companyAAAAA";
    });
    return root;
  };
  return { api, make };
}

describe("IdentityStore", () => {
  it("saves only what changed, applies it at once, and a second session follows through the event", async () => {
    const { api, make } = setup();
    const admin = make();
    const other = make();
    other.events.start();
    await admin.get(IdentityStore).load();
    expect(admin.get(IdentityStore).dirty).toBe(false);
    admin.get(IdentityStore).set("name", "Alpha Industries");
    admin.get(IdentityStore).set("browserTitle", "Alpha Portal");
    admin.get(IdentityStore).set("primaryColor", "#AA3300");
    admin.get(IdentityStore).set("theme", "dark");
    admin.get(IdentityStore).chooseImage("logo", PNG_1x1, "image/svg+xml", "logo.svg");
    expect(admin.get(IdentityStore).changes()).toEqual({
      name: "Alpha Industries", browserTitle: "Alpha Portal", primaryColor: "#AA3300", theme: "dark", logo: { base64: PNG_1x1 },
    });
    await admin.get(IdentityStore).save();
    expect(admin.get(IdentityStore).dirty).toBe(false);
    expect(admin.branding.browserTitle).toBe("Alpha Portal");
    expect(admin.branding.theme).toBe("dark");
    expect(admin.branding.primaryColor).toBe("#aa3300");
    expect(admin.branding.logo).toMatch(/^data:image\/png;base64,/);
    expect(api.state.auditLogs.filter((a) => a.topic === "CompanyIdentity")).toHaveLength(1);
    await flush();
    expect(other.branding.browserTitle).toBe("Alpha Portal");
    expect(other.branding.logo).toBe(admin.branding.logo);
    other.events.stop();
  });

  it("keeps what was typed and names the image when it is not an image (a script called logo.png)", async () => {
    const { make } = setup();
    const root = make();
    await root.get(IdentityStore).load();
    root.get(IdentityStore).set("name", "Typed name");
    root.get(IdentityStore).chooseImage("logo", btoa("<script>alert(1)</script>"), "image/png", "logo.png");
    await root.get(IdentityStore).save();
    expect(root.get(IdentityStore).issues["logo"]).toBe("IMAGE_TYPE_NOT_ALLOWED");
    expect(root.messages.text(root.get(IdentityStore).issues["logo"]!)).toMatch(/not a PNG, JPEG, GIF or WebP/);
    expect(root.get(IdentityStore).form.name).toBe("Typed name");
    expect(root.get(IdentityStore).dirty).toBe(true);
    root.get(IdentityStore).set("primaryColor", "red");
    root.get(IdentityStore).removeImage("logo");
    await root.get(IdentityStore).save();
    expect(root.get(IdentityStore).issues["primaryColor"]).toBe("Must be a colour in the form #rrggbb");
  });
});

describe("MenuItemsStore", () => {
  it("adds, edits, reorders and deletes with one call per kind, and shows the saved list", async () => {
    const { api, make } = setup();
    api.identityState.menuItems["companyAAAAA"] = [
      { publicId: "menuAAAAAAAA", label: "First", url: "/users", order: 0 },
      { publicId: "menuBBBBBBBB", label: "Second", url: "https://b.example.com", order: 1000 },
      { publicId: "menuCCCCCCCC", label: "Third", url: "/groups", order: 2000 },
    ];
    const root = make();
    await root.get(MenuItemsStore).load();
    expect(root.get(MenuItemsStore).items.map((m) => m.label)).toEqual(["First", "Second", "Third"]);
    root.get(MenuItemsStore).remove(1);
    root.get(MenuItemsStore).move(1, 0);
    root.get(MenuItemsStore).add();
    root.get(MenuItemsStore).edit(2, "label", "Docs");
    root.get(MenuItemsStore).edit(2, "url", "https://docs.example.com");
    root.get(MenuItemsStore).edit(0, "label", "Third renamed");
    expect(root.get(MenuItemsStore).dirty).toBe(true);
    api.state.calls.length = 0;
    await root.get(MenuItemsStore).save();
    expect(api.state.calls.filter((c) => c.startsWith("identity."))).toEqual([
      "identity.removeMenuItems", "identity.addMenuItems", "identity.updateMenuItems", "identity.menuItems",
    ]);
    expect(root.get(MenuItemsStore).items.map((m) => [m.label, m.order])).toEqual([["Third renamed", 0], ["First", 1000], ["Docs", 2000]]);
    expect(root.get(MenuItemsStore).dirty).toBe(false);
  });

  it("keeps the edited list and puts a refused link on its row", async () => {
    const { api, make } = setup();
    const root = make();
    await root.get(MenuItemsStore).load();
    root.get(MenuItemsStore).add();
    root.get(MenuItemsStore).edit(0, "label", "Evil");
    root.get(MenuItemsStore).edit(0, "url", "javascript:alert(1)");
    await root.get(MenuItemsStore).save();
    expect(root.get(MenuItemsStore).issues["0.url"]).toBe("MENU_ITEM_URL_INVALID");
    expect(root.get(MenuItemsStore).rows[0]!.url).toBe("javascript:alert(1)");
    expect(api.identityState.menuItems["companyAAAAA"]).toEqual([]);
  });

  it("is not saved by a member without manage:branding (the fake answers 403 as the server)", async () => {
    const { make } = setup(["use:access-requests"]);
    const root = make();
    await root.get(MenuItemsStore).load();
    root.get(MenuItemsStore).add();
    root.get(MenuItemsStore).edit(0, "label", "Mine");
    await root.get(MenuItemsStore).save();
    expect(root.get(MenuItemsStore).failure).not.toBeNull();
    expect(root.get(MenuItemsStore).items).toEqual([]);
  });
});
