/**
 * The stores of the device components (issue 13) on the in-memory PortalApi (core's rules):
 * the logbook adds an entry and empties the form, refuses a blank one with REQUIRED's sentence
 * and keeps what was typed when the save fails; documents are judged before upload (a script
 * named .pdf is refused by name, nothing is sent), uploaded, downloaded under their name and
 * deleted; the mail form sends to the page's configured recipients and keeps the message when it
 * fails.
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { ApiUnavailable } from "@portal/core/errors";
import { DocumentsStore } from "../src/stores/DocumentsStore";
import { LogbookStore } from "../src/stores/LogbookStore";
import { MailFormStore } from "../src/stores/MailFormStore";
import { agent } from "./accessHarness";
import { company, harness } from "./harness";

const AGENT = agent(1).publicId;

function setup() {
  const h = harness({ seed: { signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }], agents: [agent(1)] } });
  runInAction(() => {
    h.root.session.rights = [...ALL_RIGHTS];
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  return h;
}

describe("LogbookStore", () => {
  it("adds an entry, empties the text, lists it first; a blank text is REQUIRED and nothing is sent", async () => {
    const h = setup();
    const store = new LogbookStore(h.root, AGENT);
    await store.load();
    expect(store.state).toBe("loaded");
    store.setText("   ");
    expect(await store.add()).toBe(false);
    expect(store.error).toBe(h.root.messages.text("REQUIRED"));
    expect(h.api.state.calls).not.toContain("deviceRecords.addLogbookEntry");
    store.setText(" Oil changed ");
    store.setCategory("Maintenance");
    expect(await store.add()).toBe(true);
    expect(store.text).toBe("");
    expect(store.entries[0]).toMatchObject({ text: "Oil changed", category: "Maintenance", canDelete: true });
    await store.remove(store.entries[0]!.publicId);
    expect(store.entries).toHaveLength(0);
  });

  it("keeps what was typed when the save fails, and says why", async () => {
    const h = setup();
    const store = new LogbookStore(h.root, AGENT);
    h.api.state.failures.set("deviceRecords.addLogbookEntry", [new ApiUnavailable({ status: 503 })]);
    store.setText("Kept text");
    expect(await store.add()).toBe(false);
    expect(store.text).toBe("Kept text");
    expect(store.error).not.toBeNull();
  });
});

describe("DocumentsStore", () => {
  it("refuses a script named .pdf before sending; uploads, downloads under its name and deletes a PDF", async () => {
    const h = setup();
    const saved: Array<{ name: string; file: Blob }> = [];
    const store = new DocumentsStore(h.root, AGENT, (name, file) => saved.push({ name, file }));
    await store.load();
    expect(await store.upload(new File(["<script>alert(1)</script>"], "manual.pdf"))).toBe(false);
    expect(store.error).toBe(h.root.messages.text("DOCUMENT_TYPE_NOT_ALLOWED"));
    expect(h.api.state.calls).not.toContain("deviceRecords.uploadDocument");
    const pdf = "%PDF-1.4\n%%EOF\n";
    expect(await store.upload(new File([pdf], "../Report.pdf"))).toBe(true);
    expect(store.documents[0]).toMatchObject({ fileName: "Report.pdf", contentType: "application/pdf", size: pdf.length });
    await store.download(store.documents[0]!);
    expect(saved[0]!.name).toBe("Report.pdf");
    expect(saved[0]!.file.size).toBe(pdf.length);
    expect(saved[0]!.file.type).toBe("application/pdf");
    await store.remove(store.documents[0]!);
    expect(store.documents).toHaveLength(0);
  });
});

describe("MailFormStore", () => {
  it("sends to the page's recipients and keeps the message when the send fails", async () => {
    const h = setup();
    const created = await h.root.run(h.api.pages.create({ title: "Desk" }));
    const pageId = created._tag === "Success" ? created.success.publicId : "";
    const page = await h.root.run(h.api.pages.get(pageId));
    const draft = page._tag === "Success" ? page.success.draft! : null;
    await h.root.run(h.api.pages.update(pageId, { draft: { ...draft!, components: [{ id: "m1", kind: "mail-form", x: 0, y: 0, w: 4, h: 5, config: { title: "Desk", recipients: "desk@example.com", subject: "Help" } }] } as never }));
    const store = new MailFormStore(h.root, { agentPublicId: AGENT, pagePublicId: pageId, componentId: "m1", version: "draft" }, "Help");
    h.api.state.failures.set("deviceRecords.sendMailForm", [new ApiUnavailable({ status: 503 })]);
    store.setMessage("Pump is noisy");
    expect(await store.send()).toBe(false);
    expect(store.message).toBe("Pump is noisy");
    expect(await store.send()).toBe(true);
    expect(store.sentTo).toBe(1);
    expect(store.message).toBe("");
    expect(h.api.deviceRecordState.mails).toEqual([expect.objectContaining({ to: "desk@example.com", subject: "[Device 00001] Help" })]);
  });
});
