/**
 * The Roles and Access categories stores on the in-memory PortalApi: the rights editor's draft and
 * save (my own role: my rights and menu follow at once; the "rights-changed" event reloads them),
 * the refusals as sentences (LAST_ADMINISTRATOR, ROLE_IN_USE, a name clash on the field, keeping
 * what was typed), and access categories: add, default (one at most), delete in use as
 * 'access category is still in use' for 4 s.
 */
import fc from "fast-check";
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import type { Audience } from "@portal/core/domain/Audience";
import { ALL_RIGHTS, type Right } from "@portal/core/domain/Right";
import type { Role } from "@portal/core/domain/Role";
import { menuSections } from "@portal/core/rules/rights";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { makeMemoryEventStream } from "@portal/fixtures/memory/MemoryEventStream";
import { PortalApiMemory, type PortalApiMemoryRolesSeed } from "@portal/fixtures/memory/PortalApiMemory";
import { StorageMemory } from "@portal/fixtures/memory/StorageMemory";
import { VpnConnectorMemory } from "@portal/fixtures/memory/VpnConnectorMemory";
import { RootStore } from "../src/stores/RootStore";
import { company, flush, ManualTimers, START } from "./harness";
import { AccessCategoriesStore } from "../src/stores/AccessCategoriesStore";
import { AudienceDialogStore } from "../src/stores/AudienceDialogStore";
import { RolesStore } from "../src/stores/RolesStore";
import { ENGLISH_MESSAGES } from "@portal/core/messages/englishMessages";

const ADMIN: Role = { publicId: "roleAdmin001", name: "Administrator", rights: [...ALL_RIGHTS], members: 1 };
const ENGINEER: Role = { publicId: "roleEngin001", name: "Engineer", rights: ["use:access-requests", "use:audit-logs", "manage:roles"], members: 0 };
const PLANT: Audience = { publicId: "audPlant0001", name: "Plant floor", default: true };
const OFFICE: Audience = { publicId: "audOffice001", name: "Office", default: false };

function rolesHarness(myRights: ReadonlyArray<Right>, seed: PortalApiMemoryRolesSeed = {}) {
  const clock = ClockStepped.make(START);
  const api = PortalApiMemory.makeSync({
    signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights: myRights }],
    roles: [ADMIN, ENGINEER], audiences: [PLANT, OFFICE], audienceUse: { [OFFICE.publicId]: 2 }, ...seed,
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
    root.session.rights = [...myRights];
    root.session.selectedCompanyId = "companyAAAAA";
  });
  return { api, root };
}

const menuItems = (rights: ReadonlyArray<string>) => menuSections(rights, ["roles", "audit-trail", "devices"]).flatMap((s) => s.items);

describe("RolesStore", () => {
  it("edits the selected role's rights as a draft and saves them with one call; my own role's change reaches my menu at once", async () => {
    const { api, root } = rolesHarness(ENGINEER.rights, { myRole: ENGINEER.publicId });
    await root.get(RolesStore).load();
    expect(root.get(RolesStore).roles.map((r) => r.name)).toEqual(["Administrator", "Engineer"]);
    root.get(RolesStore).select(ENGINEER.publicId);
    root.get(RolesStore).toggle("use:audit-logs", false);
    root.get(RolesStore).toggle("manage:translations", true);
    expect(root.get(RolesStore).isDirty).toBe(true);
    expect(root.get(RolesStore).rights).toEqual(["manage:roles", "manage:translations", "use:access-requests"]);
    expect(await root.get(RolesStore).saveRights()).toBe(true);
    expect(api.state.calls.filter((c) => c === "roles.update")).toHaveLength(1);
    expect(root.get(RolesStore).isDirty).toBe(false);
    expect(root.get(RolesStore).selected?.rights).toEqual(["manage:roles", "manage:translations", "use:access-requests"]);
    expect(root.session.rights).toContain("manage:translations");
    expect(menuItems(root.session.rights)).not.toContain("audit-trail");
    expect(api.state.auditLogs[0]).toMatchObject({ action: "UPDATE", topic: "Role", target: ENGINEER.publicId });
  });

  it("reloads my rights when the stream says a role of my company changed (another admin's edit)", async () => {
    const { api, root } = rolesHarness(ENGINEER.rights, { myRole: ENGINEER.publicId });
    root.events.start();
    expect(menuItems(root.session.rights)).toContain("audit-trail");
    // Another administrator's edit: the fake applies it and publishes rights-changed.
    await root.run(api.roles.update(ENGINEER.publicId, { rights: ["use:access-requests", "manage:roles"] }));
    await flush();
    expect(root.session.rights).not.toContain("use:audit-logs");
    expect(menuItems(root.session.rights)).not.toContain("audit-trail");
    expect(menuItems(root.session.rights)).toContain("devices");
    root.events.stop();
  });

  it("keeps the draft and says why when the last administrator would go; refuses to delete a role in use", async () => {
    const { root } = rolesHarness(ALL_RIGHTS);
    await root.get(RolesStore).load();
    root.get(RolesStore).select(ADMIN.publicId);
    root.get(RolesStore).toggle("manage:roles", false);
    expect(await root.get(RolesStore).saveRights()).toBe(false);
    expect(root.get(RolesStore).isDirty).toBe(true);
    expect(root.get(RolesStore).rights).not.toContain("manage:roles");
    expect(root.snackbars.visible.at(-1)?.message).toMatch(/at least one administrator/);
    root.get(RolesStore).askDelete(ADMIN);
    await root.get(RolesStore).confirmDelete();
    expect(root.snackbars.visible.at(-1)?.message).toMatch(/cannot be deleted while people or groups hold it/);
    expect(root.get(RolesStore).roles).toHaveLength(2);
  });

  it("adds and renames through the name dialog; a clash stays on the field with the typed name", async () => {
    const { root } = rolesHarness(ALL_RIGHTS);
    await root.get(RolesStore).load();
    root.get(RolesStore).openAdd();
    root.get(RolesStore).dialog!.setName("engineer");
    await root.get(RolesStore).saveDialog();
    expect(root.get(RolesStore).dialog?.name).toBe("engineer");
    expect(root.get(RolesStore).dialog?.fieldIssue).toBe("ROLE_NAME_ALREADY_IN_USE");
    root.get(RolesStore).dialog!.setName("Operator");
    await root.get(RolesStore).saveDialog();
    expect(root.get(RolesStore).dialog).toBeNull();
    expect(root.get(RolesStore).roles.map((r) => r.name)).toEqual(["Administrator", "Engineer", "Operator"]);
    expect(root.get(RolesStore).selected?.name).toBe("Operator");
  });
});

describe("AccessCategoriesStore", () => {
  it("adds a category, moves the default, and shows a delete in use as 'access category is still in use' for 4 s", async () => {
    const { root } = rolesHarness(ALL_RIGHTS);
    const store = root.get(AccessCategoriesStore);
    await store.load();
    store.openAdd();
    store.dialog!.setName("Visitors");
    await store.saveDialog();
    expect(store.categories.map((c) => c.name)).toEqual(["Office", "Plant floor", "Visitors"]);
    await store.toggleDefault(store.categories.find((c) => c.name === "Visitors")!);
    expect(store.categories.filter((c) => c.default).map((c) => c.name)).toEqual(["Visitors"]);
    await store.toggleDefault(store.categories.find((c) => c.name === "Visitors")!);
    expect(store.categories.filter((c) => c.default)).toEqual([]);
    store.askDelete(store.categories.find((c) => c.name === "Office")!);
    await store.confirmDelete();
    expect(root.snackbars.visible.at(-1)).toMatchObject({ message: "access category is still in use", timeoutMs: 4000 });
    expect(store.categories.map((c) => c.name)).toContain("Office");
    store.askDelete(store.categories.find((c) => c.name === "Visitors")!);
    await store.confirmDelete();
    expect(store.categories.map((c) => c.name)).toEqual(["Office", "Plant floor"]);
  });

  it("property: whatever default toggles a person makes, at most one category is the default", async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(0, 1), { minLength: 1, maxLength: 8 }), async (clicks) => {
      const { root } = rolesHarness(ALL_RIGHTS);
      await root.get(AccessCategoriesStore).load();
      for (const i of clicks) await root.get(AccessCategoriesStore).toggleDefault(root.get(AccessCategoriesStore).categories[i]!);
      expect(root.get(AccessCategoriesStore).categories.filter((c) => c.default).length).toBeLessThanOrEqual(1);
    }), { numRuns: 30 });
  });
});

describe("AudienceDialogStore", () => {
  const member = { kind: "user", publicId: "userCleo0001", name: "Cleo" } as const;
  it("gives a member a category with one call, audited; the device page's value follows a device's change", async () => {
    const { api, root } = rolesHarness(ADMIN.rights);
    const store = root.get(AudienceDialogStore);
    await store.open(member);
    expect(store.categories.map((c) => c.name)).toEqual(["Office", "Plant floor"]);
    expect(store.chosen).toBe("");
    expect(store.canSave).toBe(false);
    store.choose(OFFICE.publicId);
    expect(store.dirty).toBe(true);
    await store.save();
    expect(store.target).toBeNull();
    expect(api.state.calls.filter((c) => c === "audiences.assign")).toHaveLength(1);
    expect(api.state.auditLogs[0]).toMatchObject({ topic: "UserAudience", target: member.publicId });
    await store.open(member);
    expect(store.chosen).toBe(OFFICE.publicId);
    const device = { kind: "agent", publicId: "agentLine001" } as const;
    await store.loadShown(device);
    expect(store.carried(device)).toBeNull();
    await store.open({ ...device, name: "Line 1" });
    store.choose(PLANT.publicId);
    await store.save();
    expect(store.carried(device)).toEqual({ publicId: PLANT.publicId, name: "Plant floor" });
  });

  it("a failed save keeps the dialog and the choice, with the sentence's key", async () => {
    const { api, root } = rolesHarness(ADMIN.rights);
    const store = root.get(AudienceDialogStore);
    await store.open(member);
    store.choose(OFFICE.publicId);
    // Deleted meanwhile by another administrator: the server answers UNKNOWN_AUDIENCE.
    api.roleState.audiences = api.roleState.audiences.filter((a) => a.publicId !== OFFICE.publicId);
    await store.save();
    expect(store.target).not.toBeNull();
    expect(store.chosen).toBe(OFFICE.publicId);
    expect(store.failure).toEqual({ key: "UNKNOWN_AUDIENCE" });
    expect(root.messages.text(store.failure!.key)).toBe("This access category does not exist in the company.");
  });
});
