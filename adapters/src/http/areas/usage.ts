/** Data usage (issue 12) over core's route table: the rows of a period, and the CSV download. */
import { Effect } from "effect";
import type { UsageQuery } from "@portal/core/domain/Usage";
import type { UsageApi } from "@portal/core/ports/api/UsageApi";
import type { HttpClient } from "../HttpClient";
import { narrow } from "../narrow";

const queryOf = (q: UsageQuery): Record<string, string> => ({
  from: q.from, to: q.to, ...(q.granularity ? { granularity: q.granularity } : {}), ...(q.timeZone ? { timeZone: q.timeZone } : {}),
});

export const usageApi = (http: HttpClient): UsageApi => ({
  rows: (query) => narrow()(http.endpoint("DataUsage.GET", { company: true, query: queryOf(query) }).pipe(Effect.map((p) => p.data))),
  exportCsv: (query) => narrow()(http.download("DataUsageExport", "usage.csv", { company: true, query: queryOf(query) })),
});
