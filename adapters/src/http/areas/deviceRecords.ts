/**
 * A device's logbook and documents and the mail form (issue 13) over core's route table, by
 * endpoint keys: payloads checked with the contract's schemas, answers decoded with its success
 * schemas; a document is downloaded as a Blob under the name of its Content-Disposition.
 */
import { Effect } from "effect";
import type { DeviceRecordsApi } from "@portal/core/ports/api/DeviceRecordsApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

export const deviceRecordsApi = (http: HttpClient): DeviceRecordsApi => {
  const agent = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Agent" } });
  const item = (publicId: string, entity: string) => ({ company: true, params: { publicId }, context: { publicId, entity } });
  const page = <A, E>(e: Effect.Effect<{ readonly data: A; readonly moreAfter: string | null }, E>) => Effect.map(e, (p) => ({ data: p.data, moreAfter: p.moreAfter }));
  return {
    logbook: (publicId, request = {}) => narrow("NotFound")(page(http.endpoint("AgentLogbookEntryList.GET", { ...agent(publicId), query: listQuery(request) }))),
    addLogbookEntry: (publicId, entry) => narrow("NotFound")(http.endpoint("AgentLogbookEntryList.POST", { ...agent(publicId), json: entry }).pipe(Effect.map((p) => p.data))),
    removeLogbookEntry: (publicId) => narrow("NotFound")(http.endpoint("LogbookEntry.DELETE", item(publicId, "LogbookEntry")).pipe(Effect.asVoid)),
    documents: (publicId, request = {}) => narrow("NotFound")(page(http.endpoint("AgentDocumentList.GET", { ...agent(publicId), query: listQuery(request) }))),
    uploadDocument: (publicId, upload) => narrow("NotFound", "Conflict")(http.endpoint("AgentDocumentList.POST", { ...agent(publicId), json: upload }).pipe(Effect.map((p) => p.data))),
    downloadDocument: (publicId, fallbackName) => narrow("NotFound")(http.download("DocumentFile", fallbackName, item(publicId, "Document"))),
    removeDocument: (publicId) => narrow("NotFound")(http.endpoint("Document.DELETE", item(publicId, "Document")).pipe(Effect.asVoid)),
    sendMailForm: (publicId, body) => narrow("NotFound", "Conflict")(http.endpoint("AgentMailFormMessageList.POST", { ...agent(publicId), json: body }).pipe(Effect.map((p) => p.data))),
  };
};
