import type { Effect } from "effect";
import type { DataPointChange, DataPointSeries, DataPointStates, DataPointValue } from "../../domain/DataPoint";
import type { NotFound } from "../../errors";
import type { CallError } from "./common";

/** What a series, a log or a state analysis covers: a data point over a page period spec in a zone. */
export interface DataPointPeriodQuery {
  readonly name: string;
  readonly period: string;
  readonly timeZone: string;
  /** Most buckets of a series (300 by default, 1000 at most). */
  readonly points?: number;
}

/** Device data points (issue 13): what the live page components read. */
export interface DataPointsApi {
  /** The latest value of each data point of a device. Fails with NotFound (not the caller's device) or a CallError. */
  readonly latest: (agentPublicId: string) => Effect.Effect<ReadonlyArray<DataPointValue>, CallError | NotFound>;
  /** A data point over a period, in buckets. Fails with NotFound, InvalidInput (a bad name, period or zone) or a CallError. */
  readonly series: (agentPublicId: string, query: DataPointPeriodQuery) => Effect.Effect<DataPointSeries, CallError | NotFound>;
  /** The changes of a data point in a period, newest first. Fails like series. */
  readonly log: (agentPublicId: string, query: DataPointPeriodQuery) => Effect.Effect<ReadonlyArray<DataPointChange>, CallError | NotFound>;
  /** The time share of each value of a data point in a period. Fails like series. */
  readonly states: (agentPublicId: string, query: DataPointPeriodQuery) => Effect.Effect<DataPointStates, CallError | NotFound>;
  /** The devices whose live values event stream `stream` gets (replaces the set). Fails with NotFound or a CallError. */
  readonly watch: (stream: string, agentPublicIds: ReadonlyArray<string>) => Effect.Effect<void, CallError | NotFound>;
}
