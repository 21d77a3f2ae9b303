/**
 * The page editor (issue 13; spec 4 "Pages"): works on the page's draft. Every change (add,
 * drag, resize, keyboard move, config, sub-pages, preview device) goes into an undo/redo
 * history (core's rules/pageLayout.ts) and is saved to the draft after AUTOSAVE_MS of quiet
 * (PATCH {draft}). "Unpublished changes" is true while the draft differs from the published
 * version; Publish saves first and then publishes, Discard throws the draft away (core's rules on
 * the server). A failed save keeps the work in the editor and says so.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { ComponentKind, PageComponent, PagePage } from "@portal/core/domain/PageComponent";
import type { Page, PageVersion } from "@portal/core/domain/Page";
import type { AgentView } from "@portal/core/domain/Device";
import { addComponent, applyGridLayout, hasUnpublishedChanges, moveComponent, record, redo, startHistory, undo, type GridItem, type History } from "@portal/core/rules/pageLayout";
import type { PageVersionBody } from "@portal/core/wire/pagePayloads";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

/** Quiet time before a change is saved to the draft. */
export const AUTOSAVE_MS = 800;

/** What the history holds: the editable content of the draft. */
export interface DraftContent {
  readonly components: ReadonlyArray<PageComponent>;
  readonly pagePages: ReadonlyArray<PagePage>;
  readonly previewAgent: { readonly publicId: string } | null;
}

const contentOf = (v: PageVersion): DraftContent => ({
  components: v.components as ReadonlyArray<PageComponent>, pagePages: v.pagePages as ReadonlyArray<PagePage>, previewAgent: v.previewAgent,
});


export type SaveState = "saved" | "pending" | "saving" | "failed";

export class PageEditorStore {
  page: Page | null = null;
  state: GateState = "idle";
  history: History<DraftContent> = startHistory({ components: [], pagePages: [], previewAgent: null });
  saveState: SaveState = "saved";
  subPage: string | null = null;
  selected: string | null = null;
  agents: ReadonlyArray<AgentView> = [];
  busy = false;
  private timer: unknown = null;
  private nextId = 1;

  constructor(private readonly root: RootStore, readonly publicId: string) {
    makeObservable(this, {
      page: observableRef, state: observable, history: observableRef, saveState: observable, subPage: observable, selected: observable,
      agents: observableRef, busy: observable, content: computed, draft: computed, unpublished: computed, previewAgentView: computed,
      change: action, undo: action, redo: action, add: action, move: action, layout: action, remove: action, setConfig: action,
      select: action, showSubPage: action, addSubPage: action, setPreviewAgent: action,
    });
  }

  private get api() {
    return this.root.ports.api.pages;
  }

  get content(): DraftContent {
    return this.history.present;
  }

  /** The draft as it will be saved: the stored draft with the edited content. */
  get draft(): PageVersion | null {
    const d = this.page?.draft;
    return d ? { ...d, ...this.content } : null;
  }

  /** Whether the draft differs from the published version (or nothing is published yet). */
  get unpublished(): boolean {
    return hasUnpublishedChanges(this.draft, this.page?.published ?? null);
  }

  get previewAgentView(): AgentView | null {
    const id = this.content.previewAgent?.publicId;
    return id ? this.agents.find((a) => a.publicId === id) ?? null : null;
  }

  /** Loads the page and ensures its draft (spec 4), and the devices to preview on. */
  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    let result = await this.root.run(this.api.get(this.publicId));
    if (result._tag === "Success" && result.success.draft === null) {
      const ensured = await this.root.run(this.api.ensureDraft(this.publicId));
      if (ensured._tag === "Success") result = await this.root.run(this.api.get(this.publicId));
    }
    runInAction(() => {
      if (result._tag === "Failure" || result.success.draft === null) {
        this.state = "failed";
        if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", "page-editor");
        return;
      }
      this.page = result.success;
      this.history = startHistory(contentOf(result.success.draft));
      this.state = "ready";
    });
    const agents = await this.root.run(this.root.ports.api.accessRequests.agents({ pageSize: 100 }));
    if (agents._tag === "Success") runInAction(() => (this.agents = agents.success.data));
  }

  /** Records a change and schedules the autosave. */
  change(next: DraftContent): void {
    const now = this.history.present;
    // A grid that reports the layout it was given (after every render) is no change.
    if (next.components === now.components && next.pagePages === now.pagePages && next.previewAgent === now.previewAgent) return;
    const before = this.history;
    this.history = record(this.history, next);
    if (this.history !== before) this.schedule();
  }

  undo(): void {
    const before = this.history;
    this.history = undo(this.history);
    if (this.history !== before) this.schedule();
  }

  redo(): void {
    const before = this.history;
    this.history = redo(this.history);
    if (this.history !== before) this.schedule();
  }

  private newId = (): string => `c${Date.now().toString(36)}${(this.nextId++).toString(36)}`;

  add(kind: ComponentKind): void {
    const components = addComponent(this.content.components, kind, this.subPage, this.newId);
    this.change({ ...this.content, components });
    this.selected = components[components.length - 1]?.id ?? null;
  }

  /** A keyboard move of one cell (arrow keys or the move buttons). */
  move(id: string, dx: number, dy: number): void {
    this.change({ ...this.content, components: moveComponent(this.content.components, id, dx, dy) });
  }

  /** The positions the grid reports after a drag or a resize. */
  layout(items: ReadonlyArray<GridItem>): void {
    this.change({ ...this.content, components: applyGridLayout(this.content.components, items) });
  }

  remove(id: string): void {
    this.change({ ...this.content, components: this.content.components.filter((c) => c.id !== id) });
    if (this.selected === id) this.selected = null;
  }

  setConfig(id: string, key: string, value: unknown): void {
    this.change({ ...this.content, components: this.content.components.map((c) => (c.id === id ? { ...c, config: { ...c.config, [key]: value } } : c)) });
  }

  select(id: string | null): void {
    this.selected = id;
  }

  showSubPage(id: string | null): void {
    this.subPage = id;
    this.selected = null;
  }

  addSubPage(title: string): void {
    const id = `p${Date.now().toString(36)}${(this.nextId++).toString(36)}`;
    this.change({ ...this.content, pagePages: [...this.content.pagePages, { id, title: title.trim() || `Page ${this.content.pagePages.length + 2}` }] });
    this.subPage = id;
  }

  setPreviewAgent(publicId: string | null): void {
    this.change({ ...this.content, previewAgent: publicId ? { publicId } : null });
  }

  private schedule(): void {
    this.saveState = "pending";
    if (this.timer !== null) this.root.timers.clearTimeout(this.timer);
    this.timer = this.root.timers.setTimeout(() => {
      this.timer = null;
      void this.save();
    }, AUTOSAVE_MS);
  }

  /** Saves the draft now (the autosave, or before publishing). Answers whether the stored draft matches the editor. */
  async save(): Promise<boolean> {
    if (this.timer !== null) {
      this.root.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    const draft = this.draft;
    if (!draft || this.saveState === "saved") return true;
    const sent = this.history.present;
    runInAction(() => (this.saveState = "saving"));
    const result = await this.root.run(this.api.update(this.publicId, { draft: draft as unknown as PageVersionBody }));
    runInAction(() => {
      if (result._tag === "Failure") {
        this.saveState = "failed";
        this.root.snackbars.show({ message: this.root.messages.text("pages.autosaveFailed"), timeoutMs: 6000, intent: "warning", key: "page-editor" });
        return;
      }
      this.page = result.success;
      // A change made while saving stays pending; its own timer saves it.
      this.saveState = this.history.present === sent ? "saved" : "pending";
    });
    return result._tag === "Success";
  }

  async publish(): Promise<void> {
    if (this.busy) return;
    runInAction(() => (this.busy = true));
    const saved = await this.save();
    const result = saved ? await this.root.run(this.api.publish(this.publicId)) : null;
    runInAction(() => {
      this.busy = false;
      if (!result) return;
      if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", "page-editor");
      else {
        this.page = result.success;
        this.root.snackbars.show({ message: this.root.messages.text("pages.published"), timeoutMs: 3000, intent: "success", key: "page-editor" });
      }
    });
  }

  async discard(): Promise<void> {
    if (this.busy) return;
    runInAction(() => (this.busy = true));
    if (this.timer !== null) this.root.timers.clearTimeout(this.timer);
    this.timer = null;
    const result = await this.root.run(this.api.discard(this.publicId));
    runInAction(() => {
      this.busy = false;
      if (result._tag === "Failure") {
        notifyFailure(this.root.snackbars, result.failure, "other", "page-editor");
        return;
      }
      this.page = result.success;
      this.history = startHistory(contentOf(result.success.draft!));
      this.saveState = "saved";
      this.selected = null;
      this.root.snackbars.show({ message: this.root.messages.text("pages.discarded"), timeoutMs: 3000, intent: "success", key: "page-editor" });
    });
  }

  /** Stops the autosave timer (the screen is left); a pending change is saved at once. */
  dispose(): void {
    if (this.timer !== null) void this.save();
  }
}
