import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import type { CompanyUser } from "@portal/core/domain/CompanyUser";
import type { Right } from "@portal/core/domain/Right";
import { PRELOAD_DELAY_MS, SEARCH_DEBOUNCE_MS, USERS_PAGE_SIZE } from "../src/stores/UsersStore";
import { company, flush, harness } from "./harness";
import { InviteDialogStore } from "../src/stores/InviteDialogStore";
import { ShellDataStore } from "../src/stores/ShellDataStore";
import { UsersStore } from "../src/stores/UsersStore";

const ADMIN = { publicId: "roleAdmin001", name: "Administrator" };
const VIEWER = { publicId: "roleViewer01", name: "Viewer" };

const member = (i: number, role = VIEWER): CompanyUser => ({
  publicId: `user${String(i).padStart(8, "0")}`, name: `Person ${String(i).padStart(5, "0")}`, email: `p${i}@example.com`, role, expiresOn: null,
});

function setup(count: number, rights: ReadonlyArray<Right> = ["invite:user"]) {
  const members = [member(0, ADMIN), ...Array.from({ length: count - 1 }, (_, i) => member(i + 1))];
  const h = harness({
    seed: {
      companies: [{ company: company("companyAAAAA", "Alpha"), rights }], signedIn: true,
      people: { members, roles: [{ ...ADMIN, rights: ["manage:roles", "invite:user"] }, { ...VIEWER, rights: [] }] },
    },
  });
  runInAction(() => {
    h.root.session.rights = rights;
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  const calls = (name: string) => h.api.state.calls.filter((c) => c === name).length;
  return { ...h, store: h.root.get(UsersStore), calls };
}

describe("UsersStore", () => {
  it("preloads the list a delay after the shell opens, and the screen then opens without asking again", async () => {
    const { store, timers, calls, root } = setup(3);
    await root.get(ShellDataStore).ensure();
    expect(calls("users.list")).toBe(0);
    timers.advance(PRELOAD_DELAY_MS - 1);
    expect(calls("users.list")).toBe(0);
    timers.advance(1);
    await flush();
    expect(store.state).toBe("ready");
    expect(store.users).toHaveLength(3);
    store.open();
    await flush();
    expect(calls("users.list")).toBe(1);
  });

  it("does not preload for a user without invite:user", async () => {
    const { timers, calls, root } = setup(3, ["manage:groups"]);
    await root.get(ShellDataStore).ensure();
    timers.advance(PRELOAD_DELAY_MS);
    await flush();
    expect(calls("users.list")).toBe(0);
  });

  it("pages 10,000 members from the server by cursor, one page at a time", async () => {
    const { store } = setup(10_000);
    await store.load();
    expect(store.users).toHaveLength(USERS_PAGE_SIZE);
    while (store.moreAfter !== null) await store.loadMore();
    expect(store.users).toHaveLength(10_000);
    expect(new Set(store.users.map((u) => u.publicId)).size).toBe(10_000);
  });

  it("searches on the server once typing pauses, and sorts by e-mail", async () => {
    const { store, timers, calls } = setup(30);
    await store.load();
    store.setSearch("PERSON 0001");
    store.setSearch("PERSON 00012");
    timers.advance(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(calls("users.list")).toBe(2);
    expect(store.users.map((u) => u.name)).toEqual(["Person 00012"]);
    store.setSearch("");
    timers.advance(SEARCH_DEBOUNCE_MS);
    await flush();
    store.setSort("email");
    await flush();
    expect(store.users.map((u) => u.email)).toEqual([...store.users.map((u) => u.email)].sort());
  });

  it("changes a role and temporary access; the last administrator's refusal shows its sentence and changes nothing", async () => {
    const { store, api } = setup(3);
    await store.load();
    const viewer = store.users.find((u) => u.publicId === member(1).publicId)!;
    expect(await store.update(viewer, { expiresOn: "2099-12-31" })).toBe(true);
    expect(store.users.find((u) => u.publicId === viewer.publicId)!.expiresOn).toBe("2100-01-01T00:00:00.000Z");
    const admin = store.users.find((u) => u.role?.publicId === ADMIN.publicId)!;
    expect(await store.update(admin, { role: VIEWER })).toBe(false);
    expect(store.errors.get(admin.publicId)).toBe("A company needs at least one administrator. Give another person a role that can manage roles first.");
    expect(await store.remove(admin)).toBe(false);
    expect(store.users.find((u) => u.publicId === admin.publicId)!.role).toEqual(ADMIN);
    expect(await store.update(viewer, { expiresOn: "2000-01-01" })).toBe(false);
    expect(store.errors.get(viewer.publicId)).toBe("The temporary access must end in the future: choose today or a later date.");
    expect(await store.remove(viewer)).toBe(true);
    expect(api.state.people.members.some((m) => m.publicId === viewer.publicId)).toBe(false);
  });

  it("invites several addresses in one call; a refusal keeps the text and names the address", async () => {
    const { root, api } = setup(3);
    await root.get(UsersStore).load();
    const dialog = root.get(InviteDialogStore);
    dialog.open();
    dialog.setText("new@example.com, p1@example.com");
    expect(dialog.canSend).toBe(true);
    expect(await dialog.send()).toBe(false);
    expect(dialog.text).toBe("new@example.com, p1@example.com");
    expect(dialog.problems).toEqual(["p1@example.com: This person is already a member of this company."]);
    expect(api.state.people.invites).toHaveLength(0);
    dialog.setText("new@example.com\nother@example.com");
    expect(await dialog.send()).toBe(true);
    expect(dialog.isOpen).toBe(false);
    await flush();
    expect(root.get(UsersStore).invites.map((i) => i.email)).toEqual(["new@example.com", "other@example.com"]);
    expect(await root.get(UsersStore).withdraw(root.get(UsersStore).invites[0]!)).toBe(true);
    expect(root.get(UsersStore).invites.map((i) => i.email)).toEqual(["other@example.com"]);
  });
});
