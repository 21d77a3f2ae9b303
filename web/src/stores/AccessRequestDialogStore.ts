/**
 * The Request access dialog (spec 2, 4 "Access request dialog", 5 "Access request"): the form's
 * values, validated by core's accessRequestForm at the clock's current time; the dialog's phases
 * by core's accessRequestDialogReducer (form, discard warning, submitted, no approvers, closed);
 * approvers loaded per device and searched with core's approvers rule; services from core's
 * serviceOptions; the payload from buildAccessRequestPayload. A failed send keeps every value and
 * says why (core's saveFailure), field issues on their fields.
 */
import { Effect } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Approver, DurationOption } from "@portal/core/domain/AccessRequest";
import type { AgentView } from "@portal/core/domain/Device";
import type { Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import {
  accessRequestDialogReducer, accessRequestDialogView, canSendAccessRequest, initialAccessRequestValues, openAccessRequestDialog,
  validateAccessRequestForm, VPN_SERVICE_VALUE, type AccessRequestDialogEvent, type AccessRequestDialogState,
  type AccessRequestField, type AccessRequestFormErrors, type AccessRequestFormValues,
} from "@portal/core/rules/accessRequestForm";
import { buildAccessRequestPayload } from "@portal/core/rules/accessRequests";
import { searchApprovers } from "@portal/core/rules/approvers";
import { serviceOptions, type ServiceOptionGroup } from "@portal/core/rules/serviceOptions";
import type { RootStore } from "./RootStore";
import { DevicesStore } from "./DevicesStore";
import { MyAccessRequestsStore } from "./MyAccessRequestsStore";

const CLOSED: AccessRequestDialogState = { phase: "closed", dismissible: true, closableByBackdrop: true, dirty: false };

export interface OpenOptions {
  /** Opened from a VPN connect attempt: not closable by the user, VPN preselected. */
  readonly fromVpnConnect?: boolean;
  /** The service chosen at open when fromVpnConnect: "vpn" (default) or a server's publicId (web access). */
  readonly preselect?: string;
}

export class AccessRequestDialogStore {
  dialog: AccessRequestDialogState = CLOSED;
  agent: AgentView | null = null;
  approvers: ReadonlyArray<Approver> = [];
  loading = false;
  values: AccessRequestFormValues = initialAccessRequestValues(0);
  touched = false;
  /** Fields the user has left or changed: their errors show from then on (all after a send attempt). */
  visited: ReadonlySet<AccessRequestField> = new Set();
  approverQuery = "";
  sending = false;
  /** The last failed send: a message for the dialog and issues for fields. */
  failure: Message | null = null;
  serverIssues: Partial<Record<AccessRequestField, string>> = {};
  /** The clock's time the form is checked at: set when it opens and at every edit. */
  now = 0;
  /** Called after a request was sent (lists refresh). */
  /** After a request was sent: the device's row and my requests show it (replaceable by tests). */
  onSent: ((agentPublicId: string) => void) | null = (agentPublicId) => {
    void this.root.get(DevicesStore).refreshDevice(agentPublicId);
    void this.root.get(MyAccessRequestsStore).refresh();
  };

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      dialog: observableRef, agent: observableRef, approvers: observableRef, loading: observable, values: observableRef,
      touched: observable, visited: observableRef, approverQuery: observable, sending: observable, failure: observableRef,
      serverIssues: observableRef, now: observable,
      isOpen: computed, view: computed, errors: computed, canSend: computed, serviceGroups: computed, matchingApprovers: computed,
      open: action, closeFromConnect: action, edit: action, visit: action, setApproverQuery: action, dispatch: action,
    });
  }

  get isOpen(): boolean {
    return this.dialog.phase !== "closed";
  }

  /** Which buttons and hints show (core's accessRequestDialogView). */
  get view() {
    return accessRequestDialogView(this.dialog);
  }

  /** The form's errors at `now` (core's rule), then what the server said about fields. */
  get errors(): Partial<Record<AccessRequestField, string>> {
    const own: AccessRequestFormErrors = validateAccessRequestForm(this.values, this.now);
    return { ...this.serverIssues, ...own };
  }

  /** The error shown on a field: only once the field was visited, and as a key for MessageStore. */
  errorOf(field: AccessRequestField): string | undefined {
    return this.visited.has(field) ? this.errors[field] : undefined;
  }

  get canSend(): boolean {
    return canSendAccessRequest(this.values, this.touched, this.now) && Object.keys(this.serverIssues).length === 0 && !this.sending;
  }

  /** The service select's groups: VPN first among the ungrouped, then the servers by serviceGroup. */
  get serviceGroups(): ServiceOptionGroup[] {
    return this.agent ? serviceOptions(this.agent.servers, true) : [];
  }

  /** Approvers matching the search, sorted by name (case- and accent-insensitive). */
  get matchingApprovers(): Approver[] {
    return searchApprovers(this.approvers, this.approverQuery);
  }

  private clockNow(): number {
    return Effect.runSync(this.root.ports.clock.now);
  }

  /**
   * Opens the dialog for a device: loads its approvers first; none gives 'Unable to request
   * access'. A failed load shows the error and leaves the dialog closed.
   */
  async open(agent: AgentView, options: OpenOptions = {}): Promise<void> {
    const fromVpn = options.fromVpnConnect ?? false;
    this.agent = agent;
    this.loading = true;
    this.now = this.clockNow();
    this.values = initialAccessRequestValues(this.now, fromVpn ? [options.preselect ?? VPN_SERVICE_VALUE] : []);
    this.touched = false;
    this.visited = new Set();
    this.approverQuery = "";
    this.failure = null;
    this.serverIssues = {};
    const result = await this.root.run(this.root.ports.api.accessRequests.approvers(agent.publicId));
    runInAction(() => {
      this.loading = false;
      if (result._tag === "Failure") {
        this.failure = saveFailure(result.failure, this.root.connectivity.isOnline).message;
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: "access-request-dialog" });
        return;
      }
      this.approvers = result.success;
      this.dialog = openAccessRequestDialog({ approverCount: result.success.length, dismissible: !fromVpn, fromVpnConnect: fromVpn });
    });
  }

  /** The connect attempt that opened the dialog got its approval and goes on: the dialog has done its job. */
  closeFromConnect(): void {
    if (this.dialog.phase !== "closed" && !this.dialog.dismissible) this.dialog = CLOSED;
  }

  /** Changes one field; the form is touched from then on and the field shows its error. */
  edit<F extends AccessRequestField>(field: F, value: AccessRequestFormValues[F]): void {
    this.values = { ...this.values, [field]: value };
    this.touched = true;
    this.now = this.clockNow();
    this.visit(field);
    if (this.serverIssues[field] !== undefined || (field === "services" && this.serverIssues.services !== undefined)) {
      const { [field]: _dropped, ...rest } = this.serverIssues;
      this.serverIssues = rest;
    }
    this.failure = null;
    this.dispatch({ type: "edit" });
  }

  /** The user left a field: its error shows from now on. */
  visit(field: AccessRequestField): void {
    if (!this.visited.has(field)) this.visited = new Set([...this.visited, field]);
  }

  setApproverQuery(query: string): void {
    this.approverQuery = query;
  }

  setDuration(duration: DurationOption): void {
    this.edit("duration", duration);
  }

  /** A dialog event (escape, backdrop, cancel, confirm-discard, keep-editing, done, ok) through core's reducer. */
  dispatch(event: AccessRequestDialogEvent): void {
    if (this.sending && event.type !== "edit") return;
    this.dialog = accessRequestDialogReducer(this.dialog, event);
  }

  /** Sends the request; on success the dialog shows 'submitted', on failure it keeps every value. */
  async send(): Promise<void> {
    const now = this.clockNow();
    runInAction(() => {
      this.now = now;
      this.visited = new Set(["services", "approvers", "start", "reason", "duration"]);
    });
    if (!this.canSend || this.agent === null) return;
    const built = buildAccessRequestPayload({ agentPublicId: this.agent.publicId, values: this.values }, now);
    if (built._tag === "Failure") {
      runInAction(() => (this.failure = saveFailure(built.failure, true).message));
      return;
    }
    runInAction(() => {
      this.sending = true;
      this.failure = null;
    });
    const result = await this.root.run(this.root.ports.api.accessRequests.create(built.success.agentPublicId, built.success.payload));
    runInAction(() => {
      this.sending = false;
      if (result._tag === "Success") {
        this.dialog = accessRequestDialogReducer(this.dialog, { type: "submitted" });
        return;
      }
      const failure = saveFailure(result.failure, this.root.connectivity.isOnline);
      const issues: Partial<Record<AccessRequestField, string>> = {};
      for (const issue of failure.fieldIssues) {
        const field = FIELD_OF_PROPERTY[issue.propertyName ?? ""];
        if (field !== undefined) issues[field] = issue.message;
      }
      this.serverIssues = issues;
      this.failure = failure.message ?? (Object.keys(issues).length === 0 ? { key: this.root.messages.ofError(result.failure) } : null);
    });
    if (result._tag === "Success" && this.agent) this.onSent?.(this.agent.publicId);
  }
}

/** The payload's property names as the form's fields (end and servers belong to duration and services). */
const FIELD_OF_PROPERTY: Readonly<Record<string, AccessRequestField>> = {
  services: "services", servers: "services", vpn: "services", allowedApprovers: "approvers", approvers: "approvers",
  start: "start", end: "duration", duration: "duration", reason: "reason",
};
