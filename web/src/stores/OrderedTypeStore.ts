/**
 * What the group type and asset type side panels share (spec sections 2 and 4): the list in
 * `order`, drag-to-reorder saved as one bulk call with every item at index x ORDER_STEP (core's
 * moveItem + reorder), applied optimistically and rolled back when the call fails, and delete
 * behind core's canDelete rule. The list itself lives in ShellDataStore (the shell waits for it
 * and other screens read it), so there is one copy of it in the app.
 */
import { Result, type Effect } from "effect";
import { action, computed, makeObservable, observable } from "mobx";
import type { ValidationIssue } from "@portal/core/errors";
import type { NoticeError, Operation } from "@portal/core/rules/errorCatalogue";
import type { Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { changedOrders, moveItem, reorder } from "@portal/core/rules/ordering";
import type { SidePanelControls } from "@portal/core/rules/rights";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

export interface OrderedType {
  readonly publicId: string;
  readonly name: string;
  readonly order: number;
}

/**
 * What a save of a dialog ends with: done, or the issues to show on the form's fields and a
 * message for what is not about a field (offline, server gone...). A failed save never closes
 * the dialog, so what was typed stays (core's saveFailure).
 */
export type SaveOutcome =
  | { readonly ok: true; readonly publicId: string }
  | { readonly ok: false; readonly issues: ReadonlyArray<ValidationIssue>; readonly message?: Message | null };

export abstract class OrderedTypeStore<T extends OrderedType> {
  /** True while a reorder is being saved; further drags wait for it. */
  reordering = false;
  /** The publicId being deleted, while its call runs. */
  deleting: string | null = null;

  protected abstract readonly removeOperation: Operation;
  /** Snackbar key, so a new failure replaces the previous one of the same panel. */
  protected abstract readonly snackbarKey: string;

  constructor(protected readonly root: RootStore) {
    makeObservable<OrderedTypeStore<T>, "setItems">(this, {
      reordering: observable, deleting: observable, items: computed,
      setItems: action, move: action,
    });
  }

  /** The types as the shell loaded them. */
  protected abstract read(): ReadonlyArray<T>;
  protected abstract write(items: ReadonlyArray<T>): void;
  protected abstract saveOrders(items: ReadonlyArray<{ publicId: string; order: number }>): Effect.Effect<void, NoticeError>;
  protected abstract callRemove(publicId: string): Effect.Effect<void, NoticeError>;
  /** Core's delete rule for this kind; async because "in use" may need a count from the server. */
  protected abstract checkRemove(publicId: string): Promise<Result.Result<void, NoticeError>>;
  /** Which panel controls the user's rights show (core's rights rule). */
  abstract get controls(): SidePanelControls;

  /** The types in ascending `order`. */
  get items(): ReadonlyArray<T> {
    return [...this.read()].sort((a, b) => a.order - b.order);
  }

  protected setItems(items: ReadonlyArray<T>): void {
    this.write(items);
  }

  /**
   * Moves the item at `fromIndex` to `toIndex` (a drag, or Move up / Move down). The new order is
   * shown at once; every item gets index x ORDER_STEP, and the items whose order changed are saved
   * in one bulk call; on failure the
   * previous list comes back and the failure is shown. Resolves to whether it was saved.
   */
  async move(fromIndex: number, toIndex: number): Promise<boolean> {
    if (this.reordering || fromIndex === toIndex) return false;
    const before = this.items;
    if (fromIndex < 0 || fromIndex >= before.length) return false;
    const after = reorder(moveItem(before, fromIndex, toIndex));
    this.setItems(after);
    this.reordering = true;
    // One bulk call with only the items whose order changed (each is one audit entry on the server).
    const changes = changedOrders(before, after);
    const result = changes.length === 0 ? Result.succeed(undefined) : await this.root.run(this.saveOrders(changes));
    return this.finishReorder(result, before);
  }

  private finishReorder = action((result: Result.Result<void, NoticeError>, before: ReadonlyArray<T>): boolean => {
    this.reordering = false;
    if (result._tag === "Success") return true;
    this.setItems(before);
    notifyFailure(this.root.snackbars, result.failure, "other", this.snackbarKey);
    return false;
  });

  /**
   * Deletes one type after core's rule allows it (not the last one, not in use). A refusal or a
   * server failure is shown as the catalogue says (first message, 3 s). Resolves to success.
   */
  async remove(publicId: string): Promise<boolean> {
    const allowed = await this.checkRemove(publicId);
    if (allowed._tag === "Failure") {
      notifyFailure(this.root.snackbars, allowed.failure, this.removeOperation, this.snackbarKey);
      return false;
    }
    this.setDeleting(publicId);
    const result = await this.root.run(this.callRemove(publicId));
    this.setDeleting(null);
    if (result._tag === "Failure") {
      notifyFailure(this.root.snackbars, result.failure, this.removeOperation, this.snackbarKey);
      return false;
    }
    this.setItems(this.read().filter((t) => t.publicId !== publicId));
    return true;
  }

  private setDeleting = action((publicId: string | null) => {
    this.deleting = publicId;
  });

  /** A failed save as the dialog shows it: field issues, and a message for the rest (core's saveFailure). */
  protected saveFailed(error: NoticeError): SaveOutcome {
    const failure = saveFailure(error, this.root.connectivity.isOnline);
    return { ok: false, issues: failure.fieldIssues, message: failure.message };
  }
}
