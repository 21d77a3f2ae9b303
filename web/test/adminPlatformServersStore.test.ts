/**
 * Platform servers in the administrators' tools (issue 13) on the in-memory PortalApi: the form is
 * judged by core's rule before anything is sent (nothing is called for a bad range), a failed
 * save keeps what was typed with the reason, an edit changes the server the company then lists,
 * and a removal needs the confirmation.
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { ApiUnavailable } from "@portal/core/errors";
import { AdminPlatformServersStore } from "../src/stores/AdminPlatformServersStore";
import { company, harness } from "./harness";

function serversHarness(platformAdmin = true) {
  const h = harness({
    seed: {
      signedIn: true, user: { platformAdmin }, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }],
      platform: { servers: [{ publicId: "serverAAAAAA", name: "RSC One", location: "Lyon", type: "rsc", vpnRange: "10.8.0.0/16" }] },
    },
  });
  runInAction(() => { h.root.session.selectedCompanyId = "companyAAAAA"; });
  return { ...h, store: new AdminPlatformServersStore(h.root) };
}

describe("AdminPlatformServersStore", () => {
  it("refuses anyone but a platform administrator", async () => {
    const { store } = serversHarness(false);
    await store.load();
    expect(store.state).toBe("failed");
  });

  it("judges the form with core's rule first, keeps what was typed on a failed save, then adds the server", async () => {
    const { store, api } = serversHarness();
    await store.load();
    expect(store.servers.map((s) => [s.name, s.company.name])).toEqual([["RSC One", "Alpha"]]);
    store.openAdd();
    const dialog = store.dialog!;
    dialog.set("name", "MDR Two");
    dialog.set("vpnRange", "10.9.1.0/16");
    await store.saveDialog();
    expect(dialog.issues).toEqual({ company: "REQUIRED", location: "REQUIRED", vpnRange: "VPN_RANGE_NOT_NETWORK" });
    expect(api.platformState.servers).toHaveLength(1);
    dialog.set("company", "companyAAAAA");
    dialog.set("location", "Paris");
    dialog.set("type", "mdr");
    dialog.set("vpnRange", "10.9.0.0/16");
    api.failNext("admin.createPlatformServer", new ApiUnavailable({ status: 0 }));
    await store.saveDialog();
    expect(store.dialog).toBe(dialog);
    expect(dialog.failure).not.toBeNull();
    expect(dialog.form).toEqual({ company: "companyAAAAA", name: "MDR Two", location: "Paris", type: "mdr", vpnRange: "10.9.0.0/16" });
    await store.saveDialog();
    expect(store.dialog).toBeNull();
    expect(store.servers.map((s) => s.name).sort()).toEqual(["MDR Two", "RSC One"]);
    expect(api.platformState.servers.map((s) => s.name).sort()).toEqual(["MDR Two", "RSC One"]);
  });

  it("edits a server (a pristine form cannot be saved) and removes one after the confirmation", async () => {
    const { store, api } = serversHarness();
    await store.load();
    store.openEdit(store.servers[0]!);
    expect(store.dialog!.canSave).toBe(false);
    store.dialog!.set("location", "Marseille");
    expect(store.dialog!.dirty).toBe(true);
    await store.saveDialog();
    expect(store.servers[0]).toMatchObject({ name: "RSC One", location: "Marseille", vpnRange: "10.8.0.0/16" });
    store.askDelete(store.servers[0]!);
    store.cancelDelete();
    expect(store.servers).toHaveLength(1);
    store.askDelete(store.servers[0]!);
    await store.confirmDelete();
    expect(store.servers).toEqual([]);
    expect(api.platformState.servers).toEqual([]);
  });
});
