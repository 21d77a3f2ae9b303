/** Device data points (issue 13) over core's route table: latest values, series, log, states, and the live watch. */
import { Effect } from "effect";
import type { DataPointPeriodQuery, DataPointsApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { narrow } from "../narrow";

const queryOf = (q: DataPointPeriodQuery): Record<string, string> => ({
  name: q.name, period: q.period, timeZone: q.timeZone, ...(q.points === undefined ? {} : { points: String(q.points) }),
});

export const dataPointsApi = (http: HttpClient): DataPointsApi => {
  const agent = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Agent" } });
  return {
    latest: (publicId) => narrow("NotFound")(http.endpoint("AgentDataPointList.GET", agent(publicId)).pipe(Effect.map((p) => p.data))),
    series: (publicId, q) => narrow("NotFound")(http.endpoint("AgentDataPointSeries.GET", { ...agent(publicId), query: queryOf(q) }).pipe(Effect.map((p) => p.data))),
    log: (publicId, q) => narrow("NotFound")(http.endpoint("AgentDataPointLog.GET", { ...agent(publicId), query: queryOf(q) }).pipe(Effect.map((p) => p.data))),
    states: (publicId, q) => narrow("NotFound")(http.endpoint("AgentDataPointStates.GET", { ...agent(publicId), query: queryOf(q) }).pipe(Effect.map((p) => p.data))),
    watch: (stream, agents) => narrow("NotFound")(http.endpoint("DataPointWatch.PUT", {
      company: true, params: { publicId: stream }, context: { publicId: stream, entity: "EventStream" }, json: { agents: [...agents] },
    }).pipe(Effect.asVoid)),
  };
};
