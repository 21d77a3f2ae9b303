/** Queued reports (issue 13) over core's route table, by endpoint keys. */
import { Effect } from "effect";
import type { ReportsApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

export const reportsApi = (http: HttpClient): ReportsApi => {
  const ctx = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Report" } });
  return {
    list: (request = {}) => narrow()(http.endpoint("ReportList.GET", { company: true, query: listQuery(request) }).pipe(
      Effect.map((p) => ({ data: p.data, moreAfter: p.moreAfter })))),
    get: (publicId) => narrow("NotFound")(http.endpoint("Report.GET", ctx(publicId)).pipe(Effect.map((p) => p.data))),
    queue: (body) => narrow("NotFound", "Conflict")(http.endpoint("ReportList.POST", { company: true, json: body }).pipe(
      Effect.map((p) => ({ publicId: p.data[0]?.publicId ?? "" })))),
    download: (publicId) => narrow("NotFound", "Conflict")(http.download("ReportFile", "report.pdf", ctx(publicId))),
    print: (publicId, credential) => narrow("NotFound")(http.endpoint("ReportPrint.POST", {
      auth: "none", params: { publicId }, context: { publicId, entity: "Report" }, json: { credential },
    }).pipe(Effect.map((p) => p.data))),
    remove: (publicId) => narrow("NotFound")(http.endpoint("Report.DELETE", ctx(publicId)).pipe(Effect.asVoid)),
  };
};
