/**
 * Connectivity (spec sections 4 and 8), driven by core's connectivity machine: offline shows
 * 'No connection' until back online; status 0 or 5xx navigates ONCE to the api-unavailable page
 * (an answered call re-arms it); a 504 shows core's catalogue snackbar ('Gateway Timeout error', 4 s). This store feeds the
 * machine the HTTP adapter's answers and failures and the browser's online signal, and carries
 * out its effects. While a dialog holds unsaved work (holdWork), a failure does not navigate away:
 * the dialog keeps the typed values and says what to do.
 */
import { computed, makeObservable, observableRef, runInAction } from "mobx";
import {
  apiUnavailableContent, connectionNotice, connectivityStep, INITIAL_CONNECTIVITY,
  type ApiUnavailableContent, type ConnectivityEvent, type ConnectivityState,
} from "@portal/core/rules/connectivity";
import { noticeForError } from "@portal/core/rules/errorCatalogue";
import type { PortalError } from "@portal/core/wire/errorStatus";
import type { RootStore } from "./RootStore";

export class ConnectivityStore {
  state: ConnectivityState;
  private unsubscribe: (() => void) | null = null;
  /** Open dialogs with unsaved changes (FormDialog holds one while dirty). */
  private readonly work = new Set<symbol>();

  constructor(private readonly root: RootStore) {
    this.state = { ...INITIAL_CONNECTIVITY, online: root.online.isOnline() };
    makeObservable(this, { state: observableRef, offlineMessage: computed, isOnline: computed, apiUnavailableContent: computed });
  }

  start(): void {
    this.unsubscribe ??= this.root.online.subscribe((online) => this.feed({ type: online ? "online" : "offline" }));
  }
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Whether the browser says it is online. */
  get isOnline(): boolean {
    return this.state.online;
  }

  /** Marks unsaved work as open; the returned function releases it. */
  holdWork(): () => void {
    const token = Symbol("unsaved work");
    this.work.add(token);
    return () => this.work.delete(token);
  }

  get offlineMessage(): string | null {
    return connectionNotice(this.state);
  }
  get apiUnavailableContent(): ApiUnavailableContent {
    return apiUnavailableContent(this.root.env.hostname);
  }

  /** Every answered call (the HTTP adapter's onResponse). */
  answered(status: number): void {
    this.feed({ type: "response", status, unsavedWork: this.work.size > 0 });
  }

  /** Every failed call (the adapter's onFailure). Unanswered calls count as status 0. */
  failed(error: PortalError): void {
    if (error._tag === "ApiUnavailable" && error.status === 0) this.feed({ type: "response", status: 0, unsavedWork: this.work.size > 0 });
    // A 504 is a snackbar wherever it happens (core's catalogue: 'Gateway Timeout error', 4 s).
    const notice = noticeForError(error);
    if (notice.situation === "gatewayTimeout") this.root.snackbars.showNotice(notice);
  }

  /** The api-unavailable page's Try again: back to the root, which bootstraps again. */
  retry(): void {
    this.root.bootstrap.reset();
    this.root.navigate("/");
  }

  private feed(event: ConnectivityEvent): void {
    const step = connectivityStep(this.state, event);
    runInAction(() => (this.state = step.state));
    for (const effect of step.effects) this.root.navigate(effect.path);
  }
}
