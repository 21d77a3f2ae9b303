/** Users and invites (issue 11) over HTTP: every call through core's route table by endpoint key. */
import { Effect } from "effect";
import type { UsersApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

export const usersApi = (http: HttpClient): UsersApi => ({
  list: (request = {}) => {
    const extra: Record<string, string> = {};
    if (request.search !== undefined && request.search.trim() !== "") extra["search"] = request.search.trim();
    if (request.sort !== undefined) extra["sort"] = request.sort;
    return narrow()(http.endpoint("UserList.GET", { company: true, query: listQuery(request, extra) }).pipe(
      Effect.map((p) => ({ data: p.data, moreAfter: p.moreAfter })),
    ));
  },
  update: (publicId, patch) =>
    narrow("NotFound", "Conflict")(http.endpoint("User.PATCH", { company: true, params: { publicId }, json: patch }).pipe(Effect.map((p) => p.data))),
  remove: (publicId) => narrow("NotFound", "Conflict")(http.endpoint("User.DELETE", { company: true, params: { publicId } }).pipe(Effect.asVoid)),
  invites: () => narrow()(http.endpoint("InviteList.GET", { company: true, query: { "page-size": "4000" } }).pipe(Effect.map((p) => p.data))),
  invite: (batch) => narrow("Conflict")(http.endpoint("InviteList.POST", { company: true, json: batch }).pipe(Effect.map((p) => p.data))),
  resendInvite: (publicId) => narrow("NotFound")(http.endpoint("InviteResend.POST", { company: true, params: { publicId } }).pipe(Effect.map((p) => p.data))),
  withdrawInvite: (publicId) => narrow("NotFound")(http.endpoint("Invite.DELETE", { company: true, params: { publicId } }).pipe(Effect.asVoid)),
  inviteLink: (token) => narrow()(http.endpoint("InviteFinish.GET", { auth: "none", query: { token } }).pipe(Effect.map((p) => p.data))),
  finishInvite: (finish) => narrow("Conflict")(http.endpoint("InviteFinish.POST", { auth: "none", json: finish }).pipe(Effect.map((p) => p.data))),
  finishInviteSignedIn: (token, termsOfUsePolicy) =>
    narrow()(http.endpoint("MyInviteFinish.POST", { json: { token, ...(termsOfUsePolicy ? { termsOfUsePolicy } : {}) } }).pipe(Effect.map((p) => p.data))),
  myInvites: () => narrow()(http.endpoint("MyInviteList.GET", {}).pipe(Effect.map((p) => p.data))),
  acceptMyInvite: (publicId, termsOfUsePolicy) =>
    narrow("NotFound")(http.endpoint("MyInviteAcceptance.POST", { params: { publicId }, json: termsOfUsePolicy ? { termsOfUsePolicy } : {} }).pipe(Effect.map((p) => p.data))),
  declineMyInvite: (publicId) => narrow("NotFound")(http.endpoint("MyInvite.DELETE", { params: { publicId } }).pipe(Effect.asVoid)),
});
