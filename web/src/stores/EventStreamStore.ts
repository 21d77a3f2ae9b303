/**
 * The event stream of the signed-in session (GET /api/events, Server-Sent Events): opened while
 * signed in, reopened after a drop with a growing delay (EVENT_RETRY_DELAYS_MS, the last one
 * repeating) and the Last-Event-ID of the last event seen, so nothing is missed. An
 * "access-request" event about my request that an approver decided shows core's decisionNotice
 * (4 s, with the approver's name); every such event refreshes the lists it touches.
 */
import { Result, Schema } from "effect";
import { action, makeObservable, observable } from "mobx";
import {
  ACCESS_REQUEST_EVENT, AccessRequestEvent, BRANDING_CHANGED_EVENT, BrandingChangedEvent, LICENCE_CHANGED_EVENT, LicenceChangedEvent,
  MESSAGES_CHANGED_EVENT, MessagesChangedEvent, MQTT_BROKER_STATUS_EVENT, MqttBrokerStatusEvent, RIGHTS_CHANGED_EVENT, RightsChangedEvent,
} from "@portal/core/wire/events";
import { REPORT_EVENT, ReportChangedEvent } from "@portal/core/wire/events";
import { DATA_POINT_WATCH_EVENT, DATA_POINTS_EVENT, STREAM_EVENT } from "@portal/core/domain/DataPoint";
import type { OpenEventStream, StreamEvent } from "./env";
import type { RootStore } from "./RootStore";

export const EVENT_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

const decodeEvent = Schema.decodeUnknownResult(AccessRequestEvent);
const decodeRightsChanged = Schema.decodeUnknownResult(RightsChangedEvent);
const decodeMqttStatus = Schema.decodeUnknownResult(MqttBrokerStatusEvent);
const decodeMessagesChanged = Schema.decodeUnknownResult(MessagesChangedEvent);
const decodeBrandingChanged = Schema.decodeUnknownResult(BrandingChangedEvent);

export type StreamState = "closed" | "connecting" | "open";

/**
 * What the stream tells the stores that subscribed with `on` (screen stores built on first use
 * subscribe in their constructors, so an event reaches exactly the stores that exist). Company
 * events are passed on only for the selected company.
 */
export interface StreamNews {
  /** A role of the selected company changed (my rights are already being read again). */
  readonly "rights-changed": undefined;
  readonly "mqtt-status": typeof MqttBrokerStatusEvent.Type;
  /** My messages changed; the unread count when the event carried one. */
  readonly "messages-changed": number | undefined;
  /** The selected company's identity or menu items changed (its branding is being read again). */
  readonly "branding-changed": undefined;
  /** The public id of the device whose licences changed. */
  readonly "licence-changed": string;
  /** An access request changed; `mine`: it is the signed-in user's own. */
  readonly "access-request": typeof AccessRequestEvent.Type & { readonly mine: boolean };
  /** A report of the selected company changed status (issue 13). */
  readonly "report-changed": typeof ReportChangedEvent.Type["report"];
  /** The public id of a report of the selected company that was deleted (issue 13). */
  readonly "report-deleted": string;
  /** The stream (re)opened: the data of its "stream" event (the id that live data-point watches name). */
  readonly "stream-opened": string;
  /** Live values of watched data points: the data of a "data-points" event (volatile, never replayed). */
  readonly "data-points": string;
  /** The devices this stream still watches after the server took some away: the data of a "data-point-watch" event. */
  readonly "data-point-watch": string;
}

type Listeners = { [K in keyof StreamNews]: Set<(news: StreamNews[K]) => void> };

export class EventStreamStore {
  state: StreamState = "closed";
  lastEventId: string | null = null;
  private close: (() => void) | null = null;
  private retryTimer: unknown = null;
  private failures = 0;
  private wanted = false;
  private readonly listeners: Listeners = {
    "rights-changed": new Set(), "mqtt-status": new Set(), "messages-changed": new Set(),
    "branding-changed": new Set(), "licence-changed": new Set(), "access-request": new Set(),
    "report-changed": new Set(), "report-deleted": new Set(), "stream-opened": new Set(), "data-points": new Set(),
    "data-point-watch": new Set(),
  };
  /** The data of the stream's latest "stream" event: a data-points store built later starts from it. */
  lastStream: string | null = null;

  constructor(private readonly root: RootStore, private readonly openStream: OpenEventStream | null) {
    makeObservable<EventStreamStore, "close" | "retryTimer" | "failures" | "wanted" | "listeners">(this, {
      close: false, retryTimer: false, failures: false, wanted: false, listeners: false,
      state: observable, lastEventId: observable, start: action, stop: action,
    });
  }

  /** Calls `listener` with each piece of news of that kind; returns the unsubscribe. */
  on<K extends keyof StreamNews>(kind: K, listener: (news: StreamNews[K]) => void): () => void {
    const set = this.listeners[kind] as Set<(news: StreamNews[K]) => void>;
    set.add(listener);
    return () => void set.delete(listener);
  }

  private tell<K extends keyof StreamNews>(kind: K, news: StreamNews[K]): void {
    for (const listener of [...(this.listeners[kind] as Set<(news: StreamNews[K]) => void>)]) listener(news);
  }

  /** Opens the stream unless it is open or opening. */
  start(): void {
    this.wanted = true;
    if (this.openStream === null || this.close !== null || this.retryTimer !== null) return;
    this.connect();
  }

  /** Closes the stream (leaving the shell, signing out); a later start continues after lastEventId. */
  stop(): void {
    this.wanted = false;
    this.close?.();
    this.close = null;
    if (this.retryTimer !== null) this.root.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.state = "closed";
  }

  private connect(): void {
    if (this.openStream === null) return;
    this.state = "connecting";
    this.close = this.openStream(this.lastEventId, {
      onOpen: action(() => {
        this.state = "open";
        this.failures = 0;
      }),
      onEvent: (event) => this.receive(event),
      onClose: action(() => {
        this.close = null;
        this.state = "closed";
        if (!this.wanted) return;
        const delay = EVENT_RETRY_DELAYS_MS[Math.min(this.failures, EVENT_RETRY_DELAYS_MS.length - 1)]!;
        this.failures++;
        this.retryTimer = this.root.timers.setTimeout(() => {
          this.retryTimer = null;
          if (this.wanted) this.connect();
        }, delay);
      }),
    });
  }

  /**
   * A role of a company of mine changed: my rights there are read again (the menu follows), and
   * an open Roles screen shows the change.
   */
  private rightsChanged(data: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const decoded = decodeRightsChanged(parsed);
    if (Result.isFailure(decoded) || decoded.success.company !== this.root.session.selectedCompanyId) return;
    void this.root.session.refreshRights();
    this.tell("rights-changed", undefined);
  }

  /** An MQTT broker client of the selected company changed state: the MQTT screen's tag follows. */
  private mqttStatus(data: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const decoded = decodeMqttStatus(parsed);
    if (Result.isFailure(decoded) || decoded.success.company !== this.root.session.selectedCompanyId) return;
    this.tell("mqtt-status", decoded.success);
  }

  /** My messages changed (a notice arrived, or another tab marked some): the badge and an open list follow. */
  private messagesChanged(data: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      parsed = {};
    }
    const decoded = decodeMessagesChanged(parsed);
    this.tell("messages-changed", Result.isSuccess(decoded) ? decoded.success.unread : undefined);
  }

  /**
   * The selected company's identity or menu items changed (someone saved the Identity screen):
   * its branding and menu items are read again, so title, colour, logo and menu follow at once.
   */
  private brandingChanged(data: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const decoded = decodeBrandingChanged(parsed);
    const company = this.root.session.selectedCompanyId;
    if (Result.isFailure(decoded) || decoded.success.company !== company || company === null) return;
    void this.root.branding.loadCompany(company);
    this.tell("branding-changed", undefined);
  }

  /** A device's licences changed (an activation ended): the Licences screen and an open device page reload. */
  private licenceChanged(data: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const decoded = Schema.decodeUnknownResult(LicenceChangedEvent)(parsed);
    if (Result.isFailure(decoded) || decoded.success.company !== this.root.session.selectedCompanyId) return;
    this.tell("licence-changed", decoded.success.agent);
  }

  /** A report of the company changed status or was deleted (issue 13; sent to everyone who may see reports): the Reports list follows. */
  private reportChanged(data: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const decoded = Schema.decodeUnknownResult(ReportChangedEvent)(parsed);
    if (Result.isFailure(decoded) || decoded.success.company !== this.root.session.selectedCompanyId) return;
    if (decoded.success.deleted === true) this.tell("report-deleted", decoded.success.report.publicId);
    else this.tell("report-changed", decoded.success.report);
  }

  /** One event: remembers its id, and dispatches an access-request event. Unreadable data is skipped. */
  receive(event: StreamEvent): void {
    if (event.id !== null) action(() => (this.lastEventId = event.id))();
    if (event.event === RIGHTS_CHANGED_EVENT) return this.rightsChanged(event.data);
    if (event.event === MQTT_BROKER_STATUS_EVENT) return this.mqttStatus(event.data);
    if (event.event === MESSAGES_CHANGED_EVENT) return this.messagesChanged(event.data);
    if (event.event === BRANDING_CHANGED_EVENT) return this.brandingChanged(event.data);
    if (event.event === LICENCE_CHANGED_EVENT) return this.licenceChanged(event.data);
    if (event.event === REPORT_EVENT) return this.reportChanged(event.data);
    if (event.event === STREAM_EVENT) {
      this.lastStream = event.data;
      return this.tell("stream-opened", event.data);
    }
    if (event.event === DATA_POINTS_EVENT) return this.tell("data-points", event.data);
    if (event.event === DATA_POINT_WATCH_EVENT) return this.tell("data-point-watch", event.data);
    if (event.event !== ACCESS_REQUEST_EVENT) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch {
      return;
    }
    const decoded = decodeEvent(parsed);
    if (Result.isFailure(decoded)) return;
    const mine = decoded.success.request.user.publicId === this.root.session.user?.publicId;
    this.tell("access-request", { ...decoded.success, mine });
  }
}
