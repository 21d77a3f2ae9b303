/**
 * The Pages screen and the page editor on the in-memory PortalApi (core's page rules): create,
 * duplicate refused for a page never published ('Cannot duplicate a non-published page', 4 s),
 * export then import, a refused import file that shows its reason and changes nothing; in the
 * editor add, keyboard move, undo/redo, the debounced autosave to the draft, a failed save that
 * keeps the work, and Publish / Discard with the "unpublished changes" state.
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { ApiUnavailable } from "@portal/core/errors";
import { PageEditorStore, AUTOSAVE_MS } from "../src/stores/PageEditorStore";
import { agent } from "./accessHarness";
import { company, flush, harness } from "./harness";
import { PagesStore } from "../src/stores/PagesStore";

function setup() {
  const h = harness({ seed: { signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }], agents: [agent(1)] } });
  runInAction(() => {
    h.root.session.rights = [...ALL_RIGHTS];
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  return h;
}

async function createPage(h: ReturnType<typeof setup>, title: string): Promise<string> {
  const store = h.root.get(PagesStore);
  store.openAdd();
  store.dialog!.set("title", title);
  const id = await store.saveDialog();
  expect(store.dialog).toBeNull();
  return id!;
}

describe("PagesStore", () => {
  it("creates a page (period 'today'); duplicate of an unpublished page says 'Cannot duplicate a non-published page' for 4 s", async () => {
    const h = setup();
    const id = await createPage(h, "Line 1");
    const page = h.root.get(PagesStore).pages.find((p) => p.publicId === id)!;
    expect(page.draft).toMatchObject({ title: "Line 1", periodSpec: "today" });
    expect(page.published).toBeNull();
    await h.root.get(PagesStore).duplicate(page);
    expect(h.root.snackbars.visible.at(-1)).toMatchObject({ message: "Cannot duplicate a non-published page", timeoutMs: 4000 });
    expect(h.root.get(PagesStore).pages).toHaveLength(1);
  });

  it("keeps what was typed when the create fails", async () => {
    const h = setup();
    h.api.state.failures.set("pages.create", [new ApiUnavailable({ status: 503 })]);
    h.root.get(PagesStore).openAdd();
    h.root.get(PagesStore).dialog!.set("title", "Kept");
    await h.root.get(PagesStore).saveDialog();
    expect(h.root.get(PagesStore).dialog!.form.title).toBe("Kept");
    expect(h.root.get(PagesStore).dialog!.failure).not.toBeNull();
  });

  it("exports a published page and imports it back; a bad file shows its reason and changes nothing", async () => {
    const h = setup();
    const id = await createPage(h, "Export me");
    await h.root.run(h.api.pages.publish(id));
    await h.root.get(PagesStore).load();
    const file = await h.root.run(h.api.pages.exportFile(id));
    expect(file._tag).toBe("Success");
    const before = h.root.get(PagesStore).pages.length;
    expect(await h.root.get(PagesStore).importText("{ not json")).toBeNull();
    expect(h.root.snackbars.visible.at(-1)!.message).toBe("The file is not valid JSON");
    expect(h.root.get(PagesStore).pages).toHaveLength(before);
    const imported = await h.root.get(PagesStore).importText(JSON.stringify(file._tag === "Success" ? file.success : null));
    expect(imported).not.toBeNull();
    expect(h.root.get(PagesStore).pages).toHaveLength(before + 1);
    expect(h.root.get(PagesStore).pages.find((p) => p.publicId === imported)!.published!.title).toBe("Export me");
  });
});

describe("PageEditorStore", () => {
  it("adds, moves with the keyboard, undoes and redoes; saves the draft once after the quiet time", async () => {
    const h = setup();
    const id = await createPage(h, "Editor");
    const editor = new PageEditorStore(h.root, id);
    await editor.load();
    expect(editor.state).toBe("ready");
    expect(editor.unpublished).toBe(true);
    editor.add("live-value");
    editor.add("gauge");
    const [first, second] = editor.content.components;
    expect(second).toMatchObject({ kind: "gauge", x: 0, y: first!.h });
    editor.move(first!.id, 1, 0);
    expect(editor.content.components[0]).toMatchObject({ x: 1, y: 0 });
    editor.undo();
    expect(editor.content.components[0]).toMatchObject({ x: 0 });
    editor.redo();
    expect(editor.content.components[0]).toMatchObject({ x: 1 });
    expect(editor.saveState).toBe("pending");
    const calls = h.api.state.calls.filter((c) => c === "pages.update").length;
    h.timers.advance(AUTOSAVE_MS - 1);
    expect(h.api.state.calls.filter((c) => c === "pages.update").length).toBe(calls);
    h.timers.advance(1);
    await flush();
    expect(h.api.state.calls.filter((c) => c === "pages.update").length).toBe(calls + 1);
    expect(editor.saveState).toBe("saved");
    expect(h.api.state.pages.find((p) => p.publicId === id)!.draft!.components).toHaveLength(2);
  });

  it("keeps the work when a save fails, then publishes and discards with core's rules", async () => {
    const h = setup();
    const id = await createPage(h, "Publish me");
    const editor = new PageEditorStore(h.root, id);
    await editor.load();
    editor.add("device-info");
    h.api.state.failures.set("pages.update", [new ApiUnavailable({ status: 503 })]);
    await editor.save();
    expect(editor.saveState).toBe("failed");
    expect(editor.content.components).toHaveLength(1);
    expect(h.root.snackbars.visible.at(-1)!.message).toMatch(/not saved yet/);
    await editor.publish();
    expect(editor.page!.published!.components).toHaveLength(1);
    expect(editor.unpublished).toBe(false);
    editor.add("report-footer");
    expect(editor.unpublished).toBe(true);
    await editor.save();
    await editor.discard();
    expect(editor.content.components).toHaveLength(1);
    expect(editor.unpublished).toBe(false);
  });
});

describe("PageEditorStore and the grid", () => {
  it("a grid reporting the layout it was given records nothing, so undo still undoes the last real change", async () => {
    const h = setup();
    const id = await createPage(h, "Echo");
    const editor = new PageEditorStore(h.root, id);
    await editor.load();
    editor.add("live-value");
    const c = editor.content.components[0]!;
    editor.move(c.id, 1, 0);
    editor.layout(editor.content.components.map((x) => ({ i: x.id, x: x.x, y: x.y, w: x.w, h: x.h })));
    editor.undo();
    expect(editor.content.components[0]).toMatchObject({ x: 0 });
  });
});

describe("pages of a device", () => {
  it("lists only published pages for a device", async () => {
    const h = setup();
    const draftOnly = await createPage(h, "Draft only");
    const published = await createPage(h, "Shown");
    await h.root.run(h.api.pages.publish(published));
    const list = await h.root.get(PagesStore).pagesFor("agent", "agent0001");
    expect(list!.map((p) => p.publicId)).toEqual([published]);
    expect(list!.some((p) => p.publicId === draftOnly)).toBe(false);
  });
});
