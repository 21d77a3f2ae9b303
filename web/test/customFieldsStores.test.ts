/**
 * Custom fields (issue 12) stores on the in-memory PortalApi: the screen's list with the global
 * fields, the add/edit dialog judged live by core's rule (a failed save keeps what was typed), a
 * reorder as one call and one audit entry, a global field refused, and the values of a device
 * edited through the generated form, each value checked as typed with the server's rule.
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import type { CustomProperty } from "@portal/core/domain/CustomProperty";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { ApiUnavailable } from "@portal/core/errors";
import { CustomFieldValuesStore } from "../src/stores/CustomFieldValuesStore";
import { agent } from "./accessHarness";
import { company, flush, harness } from "./harness";
import { CustomFieldsStore } from "../src/stores/CustomFieldsStore";

const GLOBAL: CustomProperty = { publicId: "globalWarran", name: "Warranty until", type: "date", target: "device", required: false, options: [], order: -1000, global: true };

function fieldsHarness() {
  const h = harness({ seed: { signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }], agents: [agent(1), agent(2)], customProperties: [GLOBAL] } });
  runInAction(() => {
    h.root.session.rights = [...ALL_RIGHTS];
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  return h;
}

describe("CustomFieldsStore", () => {
  it("adds fields through a dialog that core's rule judges as the person types", async () => {
    const { root } = fieldsHarness();
    const store = root.get(CustomFieldsStore);
    await store.load();
    expect(store.fields.map((f) => [f.name, f.global])).toEqual([["Warranty until", true]]);
    store.openAdd();
    const form = store.dialog!;
    expect(form.canSave).toBe(false);
    form.set("name", "warranty UNTIL");
    expect(form.issueOf("name")).toBe("CUSTOM_PROPERTY_NAME_IN_USE");
    form.set("name", "Zone");
    form.set("type", "choice");
    form.set("optionsText", "  ");
    expect(form.issueOf("options")).toBe("CHOICE_OPTIONS_REQUIRED");
    expect(form.canSave).toBe(false);
    form.set("optionsText", "North\nSouth\n");
    expect(form.canSave).toBe(true);
    await store.saveDialog();
    expect(store.dialog).toBeNull();
    expect(store.own.map((f) => [f.name, f.options])).toEqual([["Zone", ["North", "South"]]]);
  });

  it("keeps what was typed when the save fails, with a sentence saying what to do", async () => {
    const { root, api } = fieldsHarness();
    await root.get(CustomFieldsStore).load();
    root.get(CustomFieldsStore).openAdd();
    const form = root.get(CustomFieldsStore).dialog!;
    form.set("name", "Serial number");
    api.failNext("customFields.add", new ApiUnavailable({ status: 0 }));
    await root.get(CustomFieldsStore).saveDialog();
    expect(root.get(CustomFieldsStore).dialog).toBe(form);
    expect(form.name).toBe("Serial number");
    expect(form.failure).toEqual({ key: "save.unavailable" });
    expect(form.dirty).toBe(true);
  });

  it("reorders the company's fields with one call and one audit entry; global fields stay put and cannot be deleted", async () => {
    const { root, api } = fieldsHarness();
    const store = root.get(CustomFieldsStore);
    for (const name of ["A", "B", "C"]) {
      await store.load();
      store.openAdd();
      store.dialog!.set("name", name);
      await store.saveDialog();
    }
    const audits = api.state.auditLogs.length;
    const calls = api.state.calls.length;
    await store.move(2, 0);
    expect(store.own.map((f) => f.name)).toEqual(["C", "A", "B"]);
    expect(api.state.calls.slice(calls).filter((c) => c === "customFields.reorder")).toHaveLength(1);
    expect(api.state.auditLogs.length).toBe(audits + 1);
    expect(store.fields[0]!.publicId).toBe(GLOBAL.publicId);
    store.askDelete(GLOBAL);
    await store.confirmDelete();
    expect(root.messages.text(root.snackbars.visible.at(-1)!.message)).toBe(root.messages.text("GLOBAL_PROPERTY_READ_ONLY"));
    expect(store.fields.some((f) => f.publicId === GLOBAL.publicId)).toBe(true);
  });
});

describe("CustomFieldValuesStore", () => {
  it("edits a device's values in a form generated from its fields, checked as typed", async () => {
    const { root } = fieldsHarness();
    const api = root.ports.api.customFields;
    await root.run(api.add({ name: "Power kW", type: "number", target: "device", required: true }));
    await root.run(api.add({ name: "Asset note", type: "text", target: "asset" }));
    const store = new CustomFieldValuesStore(root, "device", agent(1).publicId);
    await store.load();
    expect(store.fields.map((f) => f.name)).toEqual(["Warranty until", "Power kW"]);
    store.openEdit();
    const form = store.form!;
    const power = store.fields[1]!.publicId;
    expect(form.issueOf(power)).toBe("REQUIRED");
    form.set(power, "12,5");
    expect(form.issueOf(power)).toBe("NOT_A_NUMBER");
    form.set(GLOBAL.publicId, "2026-02-30");
    expect(form.issueOf(GLOBAL.publicId)).toBe("NOT_A_DATE");
    expect(form.canSave).toBe(false);
    form.set(power, "12.5");
    form.set(GLOBAL.publicId, "2027-01-31");
    expect(form.canSave).toBe(true);
    await store.save();
    await flush();
    expect(store.form).toBeNull();
    expect(store.values).toEqual({ [power]: 12.5, [GLOBAL.publicId]: "2027-01-31" });
  });
});
