/**
 * Company menu items (issue 12): the saved list (shown in the left menu to every member) and, on
 * the Identity screen, the list as the administrator edits it (add, edit, move by drag or by
 * keyboard, delete). Saving sends the removed ones as one DELETE list, the new ones (no publicId)
 * as one POST list and the existing ones, renumbered in their new order, as one PATCH list
 * (core's removedItems, splitUpsert and reorder). A failed save keeps the edited list.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { MenuItem } from "@portal/core/domain/Identity";
import type { ErrorLike, Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { removedItems, splitUpsert } from "@portal/core/rules/menuItems";
import { moveItem, reorder } from "@portal/core/rules/ordering";
import type { RootStore } from "./RootStore";

/** A row of the edited list; `key` identifies it on screen (new rows have no publicId yet). */
export interface MenuItemRow {
  readonly key: string;
  readonly publicId?: string;
  label: string;
  url: string;
}

let nextKey = 1;
const rowsOf = (items: ReadonlyArray<MenuItem>): MenuItemRow[] => items.map((m) => ({ key: m.publicId, publicId: m.publicId, label: m.label, url: m.url }));

export class MenuItemsStore {
  items: ReadonlyArray<MenuItem> = [];
  rows: MenuItemRow[] = [];
  saving = false;
  /** `${row index}.${field}` to the message key of its issue. */
  issues: Record<string, string> = {};
  failure: Message | null = null;
  private loadedFor: string | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable<MenuItemsStore, "loadedFor">(this, {
      items: observableRef, rows: observable, saving: observable, issues: observable, failure: observableRef, loadedFor: false,
      dirty: computed, clear: action, add: action, edit: action, move: action, remove: action, reset: action, failed: action,
    });
    root.events.on("branding-changed", () => void this.load(true));
    root.session.onSessionEnd(() => this.clear());
  }

  get dirty(): boolean {
    const saved = rowsOf(this.items);
    return saved.length !== this.rows.length || this.rows.some((r, i) => r.publicId !== saved[i]!.publicId || r.label !== saved[i]!.label || r.url !== saved[i]!.url);
  }

  /** Loads the selected company's items (again when the company changed or `force`). */
  async load(force = false): Promise<void> {
    const company = this.root.session.selectedCompanyId;
    if (company === null || (!force && this.loadedFor === company)) return;
    this.loadedFor = company;
    const result = await this.root.run(this.root.ports.api.identity.menuItems());
    runInAction(() => {
      if (result._tag !== "Success" || this.root.session.selectedCompanyId !== company) return;
      const wasDirty = this.dirty;
      this.items = result.success;
      // Someone else's change replaces the edited list only when nothing was edited here.
      if (!wasDirty) this.rows = rowsOf(this.items);
    });
  }

  add(): void {
    this.rows.push({ key: `new-${nextKey++}`, label: "", url: "https://" });
  }

  edit(index: number, field: "label" | "url", value: string): void {
    const row = this.rows[index];
    if (!row) return;
    row[field] = value;
    delete this.issues[`${index}.${field}`];
    this.failure = null;
  }

  /** Moves a row (drag, or the keyboard's move up and down); core's moveItem clamps. */
  move(from: number, to: number): void {
    this.rows = moveItem(this.rows, from, to);
    this.issues = {};
  }

  remove(index: number): void {
    this.rows = this.rows.filter((_, i) => i !== index);
    this.issues = {};
  }

  /** Signing out: nothing of the company stays. */
  clear(): void {
    this.items = [];
    this.rows = [];
    this.loadedFor = null;
  }

  reset(): void {
    this.rows = rowsOf(this.items);
    this.issues = {};
    this.failure = null;
  }

  async save(): Promise<void> {
    if (this.saving || !this.dirty) return;
    runInAction(() => (this.saving = true));
    const api = this.root.ports.api.identity;
    const ordered = reorder(this.rows.map((r) => ({ ...(r.publicId ? { publicId: r.publicId } : {}), label: r.label, url: r.url })));
    const { create, update } = splitUpsert(ordered);
    const removed = removedItems(this.items, ordered);
    const steps = [
      ...(removed.length > 0 ? [() => this.root.run(api.removeMenuItems(removed))] : []),
      ...(create.length > 0 ? [() => this.root.run(api.addMenuItems(create.map((c) => c.item)))] : []),
      ...(update.length > 0 ? [() => this.root.run(api.updateMenuItems(update.map((u) => u.item)))] : []),
    ];
    const indexes = [[], create.map((c) => c.index), update.map((u) => u.index)];
    for (const [n, step] of steps.entries()) {
      const result = await step();
      if (result._tag === "Failure") {
        const part = removed.length > 0 ? n : n + 1;
        this.failed(result.failure, this.root.connectivity.isOnline, indexes[part] ?? []);
        await this.load(true);
        return;
      }
    }
    runInAction(() => (this.saving = false));
    this.root.snackbars.show({ message: "MENU_ITEMS_SAVED", timeoutMs: 3000, intent: "success", key: "menu-items" });
    await this.load(true);
    runInAction(() => (this.rows = rowsOf(this.items)));
  }

  /** Shows why a save failed on the rows (listIndex of the call mapped back to the row), keeping the edits. */
  failed(error: ErrorLike, online: boolean, rowOfListIndex: ReadonlyArray<number>): void {
    this.saving = false;
    const f = saveFailure(error, online);
    this.issues = Object.fromEntries(f.fieldIssues.map((i) => [`${rowOfListIndex[i.listIndex ?? 0] ?? 0}.${i.propertyName}`, i.message]));
    this.failure = f.message;
  }
}
