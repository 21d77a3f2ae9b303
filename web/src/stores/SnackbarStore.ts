import { action, makeObservable, observable } from "mobx";
import type { Intent } from "@blueprintjs/core";
import type { Notice } from "@portal/core/rules/errorCatalogue";

export interface SnackbarAction {
  readonly label: string;
  readonly run: () => void;
}

export interface Snackbar {
  readonly id: number;
  /** A message key or a sentence; SnackbarHost renders it through the message catalogue. */
  readonly message: string;
  /** Values for the placeholders of `message` (e.g. the approver's name). */
  readonly params?: Readonly<Record<string, string | undefined>>;
  /** Milliseconds until it closes by itself; null never times out (e.g. the Retry snackbar). */
  readonly timeoutMs: number | null;
  readonly intent?: Intent;
  readonly action?: SnackbarAction;
  /** Optional identity: showing a snackbar with the same key replaces the previous one. */
  readonly key?: string;
}

/**
 * The snackbars on screen. Texts and durations come from core's error catalogue through the
 * callers; this store only keeps the list that SnackbarHost renders as Blueprint toasts.
 */
export class SnackbarStore {
  visible: Snackbar[] = [];
  private nextId = 1;

  constructor() {
    makeObservable<SnackbarStore, "nextId">(this, {
      visible: observable, show: action, showNotice: action, dismiss: action, dismissKey: action, nextId: false,
    });
  }

  /** Shows a snackbar and returns its id. A snackbar with the same key is replaced, not stacked. */
  show(snackbar: Omit<Snackbar, "id">): number {
    const id = this.nextId++;
    const rest = snackbar.key === undefined ? this.visible : this.visible.filter((s) => s.key !== snackbar.key);
    this.visible = [...rest, { ...snackbar, id }];
    return id;
  }

  /** Shows a notice of core's error catalogue with its text and duration, keyed by its situation. */
  showNotice(notice: Notice, action?: SnackbarAction): number {
    return this.show({ message: notice.text, timeoutMs: notice.durationMs, key: notice.situation, ...(action ? { action } : {}) });
  }

  dismiss(id: number): void {
    this.visible = this.visible.filter((s) => s.id !== id);
  }

  dismissKey(key: string): void {
    this.visible = this.visible.filter((s) => s.key !== key);
  }
}
