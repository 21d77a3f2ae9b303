/**
 * A connect attempt from the device page (spec 2, 4 "VPN session", 6, 8). First core's
 * mobileConnectStep on this device's user agent: on a phone or tablet the sector does not support,
 * the mobile VPN unsupported dialog and nothing else; on iOS, until 'Got it' is stored (without
 * expiry), the VPN consent dialog, whose 'Got it' goes on with the attempt. Then core's
 * connectDecision on the agent as it is now and my requests for it, then one of
 * - log-out-required: the 8-hour VPN access expired dialog (offers log out);
 * - needs-request: the request dialog, not dismissible, with the target preselected; the attempt
 *   waits, and goes on by itself when the approval arrives on the event stream;
 * - connection-failed: 'Connection failed' snackbar, 5 s;
 * - allowed: the installer dialog when the local client is not found; otherwise a ticket
 *   (POST vpn-tickets), then the client's connect with the agent, the company, the ticket and
 *   this browser session's controller id and the stored force protocol. A server target opens its
 *   local address once the client lists it.
 */
import { Effect } from "effect";
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import type { AgentView } from "@portal/core/domain/Device";
import { VPN_SERVICE_VALUE } from "@portal/core/rules/accessRequestForm";
import { connectDecision, type ConnectTarget, type GrantingRequest } from "@portal/core/rules/connectPermission";
import { SNACKBAR_VPN_ERROR_MS } from "@portal/core/constants";
import { mobileConnectStep, readVpnConsent, VPN_CONSENT_GIVEN, VPN_CONSENT_KEY } from "@portal/core/rules/mobile";
import { FORCE_PROTOCOL_KEY, readForceProtocol } from "@portal/core/rules/vpnSession";
import { isAccessRequestRequired } from "@portal/core/ports/api/TunnelsApi";
import type { RootStore } from "./RootStore";
import { AccessRequestDialogStore } from "./AccessRequestDialogStore";

const SNACKBAR_KEY = "vpn-connect";

/** What a connect attempt is for: the agent and its VPN or one server. */
export interface ConnectAttempt {
  readonly agent: AgentView;
  readonly target: ConnectTarget;
}

/** My request as the rule reads it (servers without a publicId cannot grant a server). */
export const grantingOf = (m: MyAccessRequest): GrantingRequest => ({
  status: m.request.status, start: m.request.start, end: m.request.end, vpn: m.request.vpn,
  servers: m.request.servers.flatMap((s) => (s.publicId === undefined ? [] : [{ publicId: s.publicId }])),
});

const newControllerId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `ctl-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

export class VpnConnectStore {
  /** The installer dialog, with the attempt that opened it ('Connect now' resumes it). */
  installer: ConnectAttempt | null = null;
  /** The VPN access expired dialog. */
  expiredOpen = false;
  /** The iOS VPN consent dialog, with the attempt that opened it ('Got it' resumes it). */
  consent: ConnectAttempt | null = null;
  /** The mobile VPN unsupported dialog. */
  unsupportedOpen = false;
  /** An attempt waiting for an approval (the request dialog was opened from it). */
  waiting: ConnectAttempt | null = null;
  /** The server whose local address opens once the client lists it. */
  openWhenListed: string | null = null;
  busy = false;
  /** One id per browser session, sent as VPN-Client-Controller-Identifier. */
  readonly controllerId = newControllerId();

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      installer: observableRef, expiredOpen: observable, waiting: observableRef, openWhenListed: observable, busy: observable,
      consent: observableRef, unsupportedOpen: observable,
      closeInstaller: action, closeExpired: action, closeConsent: action, closeUnsupported: action,
    });
    root.events.on("access-request", ({ mine, change, request }) => void (mine && change === "approved" && request.agent && this.approvalArrived(request.agent.publicId)));
  }

  /** Connects to the agent's VPN or one of its servers, as core's rule decides. */
  async connect(agent: AgentView, target: ConnectTarget = { kind: "vpn" }, auto = false): Promise<void> {
    const { root } = this;
    // An automatic retry (an approval arrived) already passed this step when the user asked.
    if (!auto) {
      const consentGiven = readVpnConsent(await Effect.runPromise(root.ports.storage.get(VPN_CONSENT_KEY)));
      const step = mobileConnectStep({
        userAgent: root.env.userAgent ?? "", maxTouchPoints: root.env.maxTouchPoints ?? 0,
        sectorPlatforms: root.branding.sectorData?.custom?.glbSupportedPlatforms, consentGiven,
      });
      if (step === "unsupported") return runInAction(() => void (this.unsupportedOpen = true));
      if (step === "consent") return runInAction(() => void (this.consent = { agent, target }));
    }
    runInAction(() => (this.busy = true));
    // The agent and my requests as they are now: an approval may have arrived since the page loaded.
    const api = root.ports.api.accessRequests;
    const [fresh, mine] = await Promise.all([root.run(api.agent(agent.publicId)), root.run(api.mine({ pageSize: 200 }))]);
    const current = fresh._tag === "Success" ? fresh.success : agent;
    const requests = [
      ...current.scheduledAccessRequests,
      ...(mine._tag === "Success" ? mine.success.data.filter((m) => m.agent?.publicId === agent.publicId).map(grantingOf) : []),
    ];
    const token = root.session.token;
    const decision = connectDecision({
      target, agent: current, requests,
      accessRequestsInUse: root.session.rights.includes("use:access-requests"),
      canManageAccessRequests: current.canManageAccessRequests,
      authExpiresAtSeconds: token === null ? 0 : Math.floor(Date.parse(token.expiresOn) / 1000),
      now: Effect.runSync(root.ports.clock.now),
    });
    runInAction(() => (this.busy = false));
    switch (decision.kind) {
      case "log-out-required":
        runInAction(() => (this.expiredOpen = true));
        return;
      case "needs-request":
        return this.needRequest({ agent: current, target }, decision.preselect, auto);
      case "connection-failed":
        root.snackbars.show({ message: decision.message, timeoutMs: decision.durationMs, intent: "danger", key: SNACKBAR_KEY });
        return;
      case "allowed":
        return this.start({ agent: current, target });
    }
  }

  /** Opens the request dialog for the attempt (once; an automatic retry only keeps waiting). */
  private async needRequest(attempt: ConnectAttempt, preselect: string, auto: boolean): Promise<void> {
    runInAction(() => (this.waiting = attempt));
    if (auto) return;
    await this.root.get(AccessRequestDialogStore).open(attempt.agent, { fromVpnConnect: true, preselect });
  }

  /** The client is found: ticket, then the client's connect. Not found: the installer dialog. */
  private async start(attempt: ConnectAttempt): Promise<void> {
    const { root } = this;
    if (root.connector.status !== "found") {
      runInAction(() => (this.installer = attempt));
      return;
    }
    runInAction(() => {
      this.busy = true;
      this.waiting = null;
    });
    const service = attempt.target.kind === "vpn" ? VPN_SERVICE_VALUE : attempt.target.server.publicId;
    const ticket = await root.run(root.ports.api.tunnels.ticket(attempt.agent.publicId, service));
    if (ticket._tag === "Failure") {
      runInAction(() => (this.busy = false));
      if (isAccessRequestRequired(ticket.failure)) return this.needRequest(attempt, service, false);
      root.snackbars.show({ message: root.messages.ofError(ticket.failure), timeoutMs: SNACKBAR_VPN_ERROR_MS, intent: "danger", key: SNACKBAR_KEY });
      return;
    }
    const forceProtocol = readForceProtocol(await Effect.runPromise(root.ports.storage.get(FORCE_PROTOCOL_KEY)));
    const connected = await root.run(root.ports.connector.connect({
      agentId: attempt.agent.publicId,
      companyId: root.session.selectedCompanyId ?? "",
      ticket: ticket.success.ticket,
      controllerId: this.controllerId,
      forceProtocol,
    }));
    runInAction(() => {
      this.busy = false;
      if (connected._tag === "Success") {
        this.openWhenListed = attempt.target.kind === "server" ? attempt.target.server.publicId : null;
      } else if (connected.failure._tag === "VpnClientUnreachable") {
        this.installer = attempt;
      }
    });
    if (connected._tag === "Failure" && connected.failure._tag !== "VpnClientUnreachable") {
      root.snackbars.show({ message: root.messages.ofError(connected.failure), timeoutMs: SNACKBAR_VPN_ERROR_MS, intent: "danger", key: SNACKBAR_KEY });
    }
    if (connected._tag === "Success") this.openListedService();
  }

  /**
   * An approval of mine arrived (event stream): the attempt waiting for this agent goes on by
   * itself, and the request dialog it opened closes.
   */
  async approvalArrived(agentPublicId: string): Promise<void> {
    const waiting = this.waiting;
    if (waiting === null || waiting.agent.publicId !== agentPublicId) return;
    this.root.get(AccessRequestDialogStore).closeFromConnect();
    await this.connect(waiting.agent, waiting.target, true);
  }

  /** 'Connect now' of the installer dialog: the attempt again, now that the client is found. */
  async connectNow(): Promise<void> {
    const attempt = this.installer;
    if (attempt === null || this.root.connector.status !== "found") return;
    runInAction(() => (this.installer = null));
    await this.start(attempt);
  }

  /** Opens the server's local address once the client's session lists it (web access). */
  openListedService(): void {
    const id = this.openWhenListed;
    const address = this.root.connector.clientStatus?.session?.services.find((s) => s.publicId === id)?.address;
    if (id === null || address === undefined) return;
    runInAction(() => (this.openWhenListed = null));
    this.root.env.openUrl?.(`http://${address}/`);
  }

  /**
   * 'Got it' of the consent dialog: the flag is kept without expiry (spec 3 and 9), so the dialog
   * does not come back on this device, and the attempt goes on. A refused write still goes on;
   * the dialog then shows again at the next attempt.
   */
  async consentGiven(): Promise<void> {
    const attempt = this.consent;
    if (attempt === null) return;
    runInAction(() => (this.consent = null));
    await this.root.run(this.root.ports.storage.set(VPN_CONSENT_KEY, VPN_CONSENT_GIVEN));
    await this.connect(attempt.agent, attempt.target);
  }

  /** Closing the consent dialog without 'Got it' drops the attempt; nothing is stored. */
  closeConsent(): void {
    this.consent = null;
  }

  closeUnsupported(): void {
    this.unsupportedOpen = false;
  }

  closeInstaller(): void {
    this.installer = null;
  }

  closeExpired(): void {
    this.expiredOpen = false;
  }
}
