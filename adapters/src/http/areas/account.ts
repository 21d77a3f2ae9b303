/** My account over HTTP: profile, e-mail change, my tokens and trusted devices, password recovery. */
import { Effect } from "effect";
import type { AccountApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { narrow } from "../narrow";

const data = <A, E>(e: Effect.Effect<{ readonly data: A }, E>) => Effect.map(e, (p) => p.data);

export const accountApi = (http: HttpClient): AccountApi => ({
  updateProfile: (change) => narrow()(data(http.endpoint("MyUser.PATCH", { json: change }))),
  requestEmailChange: (email, password) => narrow()(data(http.endpoint("MyEmailChange.POST", { json: { email, password } }))),
  confirmEmail: (token) => narrow("Conflict")(data(http.endpoint("EmailConfirmation.POST", { auth: "none", json: { token } }))),
  myAccessTokens: () => narrow()(data(http.endpoint("MyAccessTokenList.GET"))),
  revokeAccessToken: (publicId) =>
    narrow("NotFound")(http.callVoid("AccessToken", "DELETE", { params: { publicId }, context: { publicId, entity: "AccessToken" } })),
  trustedDevices: () => narrow()(data(http.endpoint("MyTrustedDeviceList.GET"))),
  forgetTrustedDevice: (publicId) =>
    narrow("NotFound")(http.callVoid("MyTrustedDevice", "DELETE", { params: { publicId }, context: { publicId, entity: "TrustedDevice" } })),
  requestPasswordReset: (email) => narrow()(Effect.asVoid(http.endpoint("PasswordResetRequestList.POST", { auth: "none", json: { email } }))),
  resetPassword: (token, newPassword) => narrow()(Effect.asVoid(http.endpoint("PasswordReset.POST", { auth: "none", json: { token, newPassword } }))),
});
