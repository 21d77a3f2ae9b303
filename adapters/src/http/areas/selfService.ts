/** Self service over HTTP: registration, my messages, privacy statement and terms in my language. */
import { Effect } from "effect";
import type { SelfServiceApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";
import { RegistrationAllowed } from "@portal/core/wire/sessionRoutes";

const data = <A, E>(e: Effect.Effect<{ readonly data: A }, E>) => Effect.map(e, (p) => p.data);

export const selfServiceApi = (http: HttpClient): SelfServiceApi => ({
  // The sign-in page asks this: read with the session table's schema, so that it does not load the whole table.
  registrationAllowed: () => narrow()(Effect.map(data(http.call("Registration", "GET", RegistrationAllowed, { auth: "none", branding: true })), (d) => d.allowed)),
  register: (form) => narrow()(Effect.asVoid(http.endpoint("Registration.POST", { auth: "none", branding: true, json: { ...form } }))),
  confirmRegistration: (token) => narrow()(data(http.endpoint("RegistrationConfirmation.POST", { auth: "none", json: { token } }))),
  messages: (request = {}) => narrow()(Effect.map(http.endpoint("MyMessageList.GET", { query: listQuery(request) }), (p) => ({ data: p.data, moreAfter: p.moreAfter }))),
  markMessages: (items) => narrow("NotFound")(data(http.endpoint("MyMessageList.PATCH", { json: items, context: { entity: "Message" } }))),
  unreadMessages: () => narrow()(Effect.map(data(http.endpoint("MyMessageUnreadCount.GET")), (d) => d.unread)),
  privacyStatement: (language) => narrow()(data(http.endpoint("PrivacyStatement.GET", { auth: "none", branding: true, query: language ? { language } : {} }))),
  myCompanyPolicy: (kind) => narrow()(data(http.endpoint(kind === "terms-of-use" ? "MyCompanyTermsOfUse.GET" : "MyCompanyPrivacyStatement.GET", { company: true }))),
});
