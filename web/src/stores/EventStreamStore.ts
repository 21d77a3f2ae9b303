/**
 * The event stream of the signed-in session (GET /api/events, Server-Sent Events): opened while
 * signed in, reopened after a drop with a growing delay (EVENT_RETRY_DELAYS_MS, the last one
 * repeating) and the Last-Event-ID of the last event seen, so nothing is missed. An
 * "access-request" event about my request that an approver decided shows core's decisionNotice
 * (4 s, with the approver's name); every such event refreshes the lists it touches.
 */
import { action, makeObservable, observable } from "mobx";
// The names only: the data schemas load with the stream (eventDecoders.ts), not with the sign-in page.
import {
  ACCESS_REQUEST_EVENT, BRANDING_CHANGED_EVENT, DATA_POINT_WATCH_EVENT, DATA_POINTS_EVENT, LICENCE_CHANGED_EVENT, MESSAGES_CHANGED_EVENT,
  MQTT_BROKER_STATUS_EVENT, REPORT_EVENT, RIGHTS_CHANGED_EVENT, STREAM_EVENT,
} from "@portal/core/wire/eventNames";
import type { AccessRequestEvent, MqttBrokerStatusEvent, ReportChangedEvent } from "@portal/core/wire/events";
import type { EventDecoders } from "./eventDecoders";
import type { OpenEventStream, StreamEvent } from "./env";
import type { RootStore } from "./RootStore";

export const EVENT_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

let decoders: EventDecoders | null = null;
let loadingDecoders: Promise<EventDecoders> | null = null;

/** Loads the events' schemas (once; again after a failed load). The web tests load them before any event. */
export function loadEventDecoders(): Promise<EventDecoders> {
  return (loadingDecoders ??= import("./eventDecoders").then(
    (m) => (decoders = m.eventDecoders),
    (error: unknown) => {
      loadingDecoders = null;
      throw error;
    },
  ));
}

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
  /** Events received before the schemas were in, in order. */
  private readonly waiting: StreamEvent[] = [];
  private readonly listeners: Listeners = {
    "rights-changed": new Set(), "mqtt-status": new Set(), "messages-changed": new Set(),
    "branding-changed": new Set(), "licence-changed": new Set(), "access-request": new Set(),
    "report-changed": new Set(), "report-deleted": new Set(), "stream-opened": new Set(), "data-points": new Set(),
    "data-point-watch": new Set(),
  };
  /** The data of the stream's latest "stream" event: a data-points store built later starts from it. */
  lastStream: string | null = null;

  constructor(private readonly root: RootStore, private readonly openStream: OpenEventStream | null) {
    makeObservable<EventStreamStore, "close" | "retryTimer" | "failures" | "wanted" | "listeners" | "waiting">(this, {
      close: false, retryTimer: false, failures: false, wanted: false, listeners: false, waiting: false,
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
    // The schemas load beside the stream's opening, so that its first events need not wait.
    loadEventDecoders().catch(() => undefined);
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
  private rightsChanged(data: string, decode: EventDecoders): void {
    const decoded = decode.rightsChanged(data);
    if (decoded === null || decoded.company !== this.root.session.selectedCompanyId) return;
    void this.root.session.refreshRights();
    this.tell("rights-changed", undefined);
  }

  /** An MQTT broker client of the selected company changed state: the MQTT screen's tag follows. */
  private mqttStatus(data: string, decode: EventDecoders): void {
    const decoded = decode.mqttStatus(data);
    if (decoded === null || decoded.company !== this.root.session.selectedCompanyId) return;
    this.tell("mqtt-status", decoded);
  }

  /** My messages changed (a notice arrived, or another tab marked some): the badge and an open list follow. */
  private messagesChanged(data: string, decode: EventDecoders): void {
    const decoded = decode.messagesChanged(data);
    this.tell("messages-changed", decoded?.unread);
  }

  /**
   * The selected company's identity or menu items changed (someone saved the Identity screen):
   * its branding and menu items are read again, so title, colour, logo and menu follow at once.
   */
  private brandingChanged(data: string, decode: EventDecoders): void {
    const decoded = decode.brandingChanged(data);
    const company = this.root.session.selectedCompanyId;
    if (decoded === null || decoded.company !== company || company === null) return;
    void this.root.branding.loadCompany(company);
    this.tell("branding-changed", undefined);
  }

  /** A device's licences changed (an activation ended): the Licences screen and an open device page reload. */
  private licenceChanged(data: string, decode: EventDecoders): void {
    const decoded = decode.licenceChanged(data);
    if (decoded === null || decoded.company !== this.root.session.selectedCompanyId) return;
    this.tell("licence-changed", decoded.agent);
  }

  /** A report of the company changed status or was deleted (issue 13; sent to everyone who may see reports): the Reports list follows. */
  private reportChanged(data: string, decode: EventDecoders): void {
    const decoded = decode.reportChanged(data);
    if (decoded === null || decoded.company !== this.root.session.selectedCompanyId) return;
    if (decoded.deleted === true) this.tell("report-deleted", decoded.report.publicId);
    else this.tell("report-changed", decoded.report);
  }

  /**
   * One event, in the order received: remembers its id and tells the stores. Events that come
   * before the schemas are in wait for them; unreadable data is skipped.
   */
  receive(event: StreamEvent): void {
    if (decoders !== null && this.waiting.length === 0) return this.handle(event, decoders);
    this.waiting.push(event);
    if (this.waiting.length > 1) return;
    loadEventDecoders().then(
      (loaded) => {
        for (const waiting of this.waiting.splice(0)) this.handle(waiting, loaded);
      },
      // The server that serves the module is gone, and with it the stream: its reopening after
      // lastEventId (not moved by these events) brings them again.
      () => void this.waiting.splice(0),
    );
  }

  private handle(event: StreamEvent, decode: EventDecoders): void {
    if (event.id !== null) action(() => (this.lastEventId = event.id))();
    if (event.event === RIGHTS_CHANGED_EVENT) return this.rightsChanged(event.data, decode);
    if (event.event === MQTT_BROKER_STATUS_EVENT) return this.mqttStatus(event.data, decode);
    if (event.event === MESSAGES_CHANGED_EVENT) return this.messagesChanged(event.data, decode);
    if (event.event === BRANDING_CHANGED_EVENT) return this.brandingChanged(event.data, decode);
    if (event.event === LICENCE_CHANGED_EVENT) return this.licenceChanged(event.data, decode);
    if (event.event === REPORT_EVENT) return this.reportChanged(event.data, decode);
    if (event.event === STREAM_EVENT) {
      this.lastStream = event.data;
      return this.tell("stream-opened", event.data);
    }
    if (event.event === DATA_POINTS_EVENT) return this.tell("data-points", event.data);
    if (event.event === DATA_POINT_WATCH_EVENT) return this.tell("data-point-watch", event.data);
    if (event.event !== ACCESS_REQUEST_EVENT) return;
    const decoded = decode.accessRequest(event.data);
    if (decoded === null) return;
    const mine = decoded.request.user.publicId === this.root.session.user?.publicId;
    this.tell("access-request", { ...decoded, mine });
  }
}
