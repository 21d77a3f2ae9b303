/**
 * The realtime events of the event stream (`GET /api/events`, api.md "Realtime"): the SSE
 * `event:` name and the schema of its `data`. The server publishes them in the transaction of the
 * change; clients decode them with these schemas.
 */
import { Schema } from "effect";
import { MyAccessRequest } from "../domain/AccessRequest";
import { MqttBrokerStatus } from "../domain/MqttBroker";
import { Report } from "../domain/Report";
// The names live apart from the schemas (eventNames.ts): the web app's first load reads only them.
export { ACCESS_REQUEST_EVENT, RIGHTS_CHANGED_EVENT, MQTT_BROKER_STATUS_EVENT, MESSAGES_CHANGED_EVENT, BRANDING_CHANGED_EVENT, LICENCE_CHANGED_EVENT, REPORT_EVENT } from "./eventNames";

/** What happened to the request. */
export const ACCESS_REQUEST_CHANGES = ["created", "approved", "rejected", "revoked", "cancelled", "released", "expired", "extended"] as const;
export const AccessRequestChange = Schema.Literals(ACCESS_REQUEST_CHANGES);
export type AccessRequestChange = typeof AccessRequestChange.Type;

/**
 * The event's data: the change, who made it (null for the server's own expiry), and the request
 * as it now is (the same shape as the lists answer). "extended" is sent for the original request
 * whose end moved when its extension was approved.
 */
export const AccessRequestEvent = Schema.Struct({
  change: AccessRequestChange,
  actor: Schema.NullOr(Schema.Struct({ publicId: Schema.String, name: Schema.String })),
  request: MyAccessRequest,
});
export type AccessRequestEvent = typeof AccessRequestEvent.Type;

/**
 * A role of a company changed (its rights, or it was deleted): sent to every member of the
 * company, so that signed-in clients reload their rights and the menu follows without a reload.
 */
export const RightsChangedEvent = Schema.Struct({ company: Schema.String });
export type RightsChangedEvent = typeof RightsChangedEvent.Type;

/**
 * The live state of an MQTT broker client changed (the server's broker manager): sent to the
 * members of its company who manage MQTT brokers, so an open MQTT screen updates its tag.
 */
export const MqttBrokerStatusEvent = Schema.Struct({ company: Schema.String, publicId: Schema.String, status: MqttBrokerStatus });
export type MqttBrokerStatusEvent = typeof MqttBrokerStatusEvent.Type;

/**
 * My messages changed (a notice was written for me, or I marked some read or unread in another
 * tab): clients reload the unread count and, when open, the list.
 */
export const MessagesChangedEvent = Schema.Struct({ unread: Schema.optional(Schema.Number) });
export type MessagesChangedEvent = typeof MessagesChangedEvent.Type;

/**
 * A company's identity or menu items changed: sent to every member of the company, so that
 * signed-in clients reload its branding and menu items without a reload of the page.
 */
export const BrandingChangedEvent = Schema.Struct({ company: Schema.String });
export type BrandingChangedEvent = typeof BrandingChangedEvent.Type;

/**
 * A device's licences changed (issue 12): an activation ended (the server's expiry job) or was
 * changed. Sent to the company's licence managers; an open device page or Licences screen reloads.
 */
export const LicenceChangedEvent = Schema.Struct({
  company: Schema.String, agent: Schema.String, feature: Schema.optional(Schema.String), change: Schema.Literals(["ended", "changed"]),
});
export type LicenceChangedEvent = typeof LicenceChangedEvent.Type;

/**
 * A report of the company changed (issue 13): queued, running, done (its PDF can be downloaded),
 * failed (with the reason), or deleted (`deleted: true`, with the report as it was). Sent to every
 * member who may see the company's reports, so open Reports lists follow without a reload; the
 * app tells the one who queued it when it is done.
 */
export const ReportChangedEvent = Schema.Struct({ company: Schema.String, report: Report, deleted: Schema.optional(Schema.Boolean) });
export type ReportChangedEvent = typeof ReportChangedEvent.Type;
