/**
 * TunnelApi over PortalApiHttp's HttpClient, by the endpoint keys of core's route table (payloads
 * checked and answers decoded with the contract's schemas). Lives with the composition root until
 * adapters/ gets a `tunnels` area of PortalApiHttp (see stores/TunnelApi.ts).
 */
import { Effect } from "effect";
import type { HttpClient } from "@portal/adapters/http/HttpClient";
import type { TunnelApiShape } from "../stores/TunnelApi";

export function tunnelApiHttp(http: HttpClient): TunnelApiShape {
  const agent = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Agent" } });
  return {
    ticket: (agentPublicId, service) =>
      http.endpoint("AgentVpnTicketList.POST", { ...agent(agentPublicId), json: { service } }).pipe(Effect.map((p) => p.data)),
    rotateCredential: (agentPublicId) =>
      http.endpoint("AgentCredential.POST", { ...agent(agentPublicId), json: {} }).pipe(Effect.map((p) => p.data)),
    sessions: (state) =>
      http.endpoint("TunnelSessionList.GET", { company: true, query: { state } }).pipe(Effect.map((p) => p.data)),
    disconnect: (publicId) =>
      http.endpoint("TunnelSession.DELETE", { company: true, params: { publicId }, context: { publicId, entity: "TunnelSession" } })
        .pipe(Effect.map((p) => p.data)),
    releaseFeed: () => http.endpoint("VpnClientReleaseFeed.GET", { auth: "none" }).pipe(Effect.map((p) => p.data)),
  };
}
