/**
 * The names of the event stream's events (the SSE `event:` field, api.md "Realtime"), apart from
 * their data schemas (wire/events.ts, domain/DataPoint.ts): the web app's first load dispatches on
 * the names and loads the schemas with the first event.
 */

/** An access request changed: sent to its requester and to the approvers of its device. */
export const ACCESS_REQUEST_EVENT = "access-request";

/**
 * A role of a company changed (its rights, or it was deleted): sent to every member of the
 * company, so that signed-in clients reload their rights and the menu follows without a reload.
 */
export const RIGHTS_CHANGED_EVENT = "rights-changed";

/**
 * The live state of an MQTT broker client changed (the server's broker manager): sent to the
 * members of its company who manage MQTT brokers, so an open MQTT screen updates its tag.
 */
export const MQTT_BROKER_STATUS_EVENT = "mqtt-broker-status";

/**
 * My messages changed (a notice was written for me, or I marked some read or unread in another
 * tab): clients reload the unread count and, when open, the list.
 */
export const MESSAGES_CHANGED_EVENT = "messages-changed";

/**
 * A company's identity or menu items changed: sent to every member of the company, so that
 * signed-in clients reload its branding and menu items without a reload of the page.
 */
export const BRANDING_CHANGED_EVENT = "branding-changed";

/**
 * A device's licences changed (issue 12): an activation ended (the server's expiry job) or was
 * changed. Sent to the company's licence managers; an open device page or Licences screen reloads.
 */
export const LICENCE_CHANGED_EVENT = "licence-changed";

/**
 * A report of the company changed (issue 13): queued, running, done (its PDF can be downloaded),
 * failed (with the reason), or deleted (`deleted: true`, with the report as it was). Sent to every
 * member who may see the company's reports, so open Reports lists follow without a reload; the
 * app tells the one who queued it when it is done.
 */
export const REPORT_EVENT = "report-changed";

/**
 * The event a stream gets when the server's recheck of its watch took devices away (the user lost
 * the right to see them while watching): the data is a DataPointWatch with the devices it still watches.
 */
export const DATA_POINT_WATCH_EVENT = "data-point-watch";

/** The live event of the event stream: the newest values of watched devices (LIVE_INTERVAL_MS throttle). */
export const DATA_POINTS_EVENT = "data-points";

/** The first event of every stream: its id, which a client names when it says which devices it watches. */
export const STREAM_EVENT = "stream";
