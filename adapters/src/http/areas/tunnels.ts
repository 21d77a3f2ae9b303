/**
 * Remote access (issue 10) over core's route table, by endpoint keys: payloads are checked with
 * the contract's schemas before they are sent and answers decoded with its success schemas.
 */
import { Effect } from "effect";
import type { TunnelsApi } from "@portal/core/ports/api/TunnelsApi";
import type { HttpClient } from "../HttpClient";
import { narrow } from "../narrow";

export const tunnelsApi = (http: HttpClient): TunnelsApi => {
  const agentCtx = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Agent" } });
  const sessionCtx = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "TunnelSession" } });
  return {
    ticket: (agentPublicId, service) =>
      narrow("NotFound", "Conflict")(http.endpoint("AgentVpnTicketList.POST", { ...agentCtx(agentPublicId), json: { service } }).pipe(
        Effect.map((p) => p.data),
      )),
    rotateCredential: (agentPublicId) =>
      narrow("NotFound")(http.endpoint("AgentCredential.POST", { ...agentCtx(agentPublicId), json: {} }).pipe(Effect.map((p) => p.data))),
    sessions: (state) =>
      narrow()(http.endpoint("TunnelSessionList.GET", { company: true, query: { state } }).pipe(Effect.map((p) => p.data))),
    disconnect: (publicId) =>
      narrow("NotFound")(http.endpoint("TunnelSession.DELETE", sessionCtx(publicId)).pipe(Effect.map((p) => p.data))),
    releaseFeed: () => narrow()(http.endpoint("VpnClientReleaseFeed.GET", { auth: "none" }).pipe(Effect.map((p) => p.data))),
  };
};
