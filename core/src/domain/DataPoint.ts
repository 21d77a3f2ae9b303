/**
 * Device data points (issue 13, data half): numeric values a device agent publishes over MQTT
 * (temperature, pressure, level, running state, operating hours...), stored as a time series per
 * device and data point, shown by the live page components. The MQTT message, the answers of the
 * data-point endpoints and the live event are defined here once; the server decodes the MQTT
 * payload with DataPointMessage, so that a bad message is dropped whole, never half-stored.
 */
import { Schema } from "effect";
import { PublicIdText, Text } from "../wire/bounds";
export { DATA_POINT_WATCH_EVENT, DATA_POINTS_EVENT, STREAM_EVENT } from "../wire/eventNames";

/** Longest data point name. */
export const DATA_POINT_NAME_MAX = 64;
/** Most data points one MQTT message may carry. */
export const DATA_POINTS_PER_MESSAGE_MAX = 50;
/** Most buckets (points) a series answer may hold; the default is SERIES_DEFAULT_POINTS. */
export const SERIES_MAX_POINTS = 1000;
export const SERIES_DEFAULT_POINTS = 300;
/** Most changes an event-log answer holds. */
export const DATA_POINT_LOG_MAX = 200;

/** A data point name: a letter, then letters, digits, `_`, `-` or `.`; at most DATA_POINT_NAME_MAX. */
export const DATA_POINT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
export const DataPointName = Schema.String.check(
  Schema.makeFilter<string>((s) => DATA_POINT_NAME_PATTERN.test(s) || "A data point name starts with a letter and has at most 64 letters, digits, '_', '-' or '.'"),
);

/** A finite number (JSON has no NaN or Infinity, but a decoded value is checked all the same). */
export const FiniteValue = Schema.Number.check(Schema.makeFilter<number>((n) => Number.isFinite(n) || "Must be a finite number"));

/**
 * The payload of one MQTT message on `portal/agents/{agentPublicId}/data-points` (DATA_POINT_TOPIC):
 * the values by data point name, and optionally the instant they were measured (epoch ms; the
 * receive time otherwise, and also when it is too far off: see acceptedTime). Booleans are not
 * values: a running state is published as 1 or 0.
 */
export const DataPointMessage = Schema.Struct({
  ts: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 8_640_000_000_000_000 }))),
  values: Schema.Record(DataPointName, FiniteValue).check(
    Schema.isMinProperties(1, { message: "At least one value" }),
    Schema.isMaxProperties(DATA_POINTS_PER_MESSAGE_MAX, { message: `At most ${DATA_POINTS_PER_MESSAGE_MAX} values` }),
  ),
});
export type DataPointMessage = typeof DataPointMessage.Type;

/** The MQTT topic filter the server subscribes to and the topic of one agent. */
export const DATA_POINT_TOPIC_FILTER = "portal/agents/+/data-points";
export const dataPointTopic = (agentPublicId: string): string => `portal/agents/${agentPublicId}/data-points`;
/** The agent publicId of a data-point topic; null for any other topic. */
export const agentOfTopic = (topic: string): string | null => {
  const m = /^portal\/agents\/([A-Za-z0-9]{1,64})\/data-points$/.exec(topic);
  return m ? m[1]! : null;
};

/** The latest value of one data point of a device. */
export const DataPointValue = Schema.Struct({ name: Schema.String, ts: Schema.String, value: Schema.Number });
export type DataPointValue = typeof DataPointValue.Type;

/** One bucket of a series: its start, and the minimum, maximum, mean, last value and count of its samples. */
export const SeriesBucket = Schema.Struct({
  ts: Schema.String, min: Schema.Number, max: Schema.Number, avg: Schema.Number, last: Schema.Number, count: Schema.Number,
});
export type SeriesBucket = typeof SeriesBucket.Type;

/**
 * A downsampled series: the period [from, until) it covers, the bucket size, the buckets that
 * hold samples (empty ones are left out), and the time share per value (the state analysis) and
 * the value before the period (so a state or a counter is known from the first instant).
 */
export const DataPointSeries = Schema.Struct({
  name: Schema.String,
  from: Schema.String,
  until: Schema.String,
  bucketMs: Schema.Number,
  buckets: Schema.Array(SeriesBucket),
  before: Schema.NullOr(Schema.Struct({ ts: Schema.String, value: Schema.Number })),
});
export type DataPointSeries = typeof DataPointSeries.Type;

/** The query of a series: a data point, a page period spec (or from/to instants) and a zone. */
export const DataPointSeriesQuery = Schema.Struct({
  name: Text(DATA_POINT_NAME_MAX),
  period: Schema.optional(Text(64)),
  from: Schema.optional(Text(40)),
  to: Schema.optional(Text(40)),
  timeZone: Schema.optional(Text(64)),
  points: Schema.optional(Text(8)),
});
export type DataPointSeriesQuery = typeof DataPointSeriesQuery.Type;

/** The query of the event log: a data point and a page period spec. */
export const DataPointLogQuery = Schema.Struct({
  name: Text(DATA_POINT_NAME_MAX),
  period: Schema.optional(Text(64)),
  timeZone: Schema.optional(Text(64)),
});
export type DataPointLogQuery = typeof DataPointLogQuery.Type;

/** One entry of the event log: a data point took a new value at `ts` (the first sample counts as a change). */
export const DataPointChange = Schema.Struct({ ts: Schema.String, value: Schema.Number, previous: Schema.NullOr(Schema.Number) });
export type DataPointChange = typeof DataPointChange.Type;

/** Most devices one event stream may watch at once (a dashboard shows a few). */
export const WATCHES_MAX = 20;
/** The body of a watch: the devices whose live values this event stream gets (replaces the previous set). */
export const DataPointWatchBody = Schema.Struct({
  agents: Schema.Array(PublicIdText).check(Schema.isMaxLength(WATCHES_MAX, { message: `At most ${WATCHES_MAX} devices` })),
});
export type DataPointWatchBody = typeof DataPointWatchBody.Type;
export const DataPointWatch = Schema.Struct({ stream: Schema.String, agents: Schema.Array(Schema.String) });
/** Samples older than this are deleted by the server's retention job (about 13 months: a year compared with the one before). */
export const DATA_POINT_RETENTION_DAYS = 400;

/** The live event of the event stream: the newest values of watched devices (LIVE_INTERVAL_MS throttle). */
export const DataPointsEvent = Schema.Struct({
  values: Schema.Array(Schema.Struct({ agent: Schema.String, name: Schema.String, ts: Schema.String, value: Schema.Number })),
});
export type DataPointsEvent = typeof DataPointsEvent.Type;
/** The first event of every stream: its id, which a client names when it says which devices it watches. */
export const StreamEvent = Schema.Struct({ stream: Schema.String });

/** The state analysis of a data point over a period: the time share of each value held (core stateShares). */
export const DataPointStates = Schema.Struct({
  name: Schema.String, from: Schema.String, until: Schema.String,
  shares: Schema.Array(Schema.Struct({ value: Schema.Number, ms: Schema.Number, share: Schema.Number })),
});
export type DataPointStates = typeof DataPointStates.Type;
