/**
 * The administrator-only tools (issue 12) over core's route table: bodies checked with the
 * contract's schemas, answers decoded with its success schemas. No company header: the tools span
 * companies, and the server checks the platform-administrator flag on every call.
 */
import { Effect } from "effect";
import type { AdminApi } from "@portal/core/ports/api/AdminApi";
import type { HttpClient } from "../HttpClient";
import { narrow } from "../narrow";

export const adminApi = (http: HttpClient): AdminApi => ({
  bundles: () => narrow()(http.endpoint("AdminLicenceBundleList.GET", {}).pipe(Effect.map((p) => p.data))),
  createBundle: (input) => narrow("NotFound")(
    http.endpoint("AdminLicenceBundleList.POST", {
      json: { company: { publicId: input.company }, licenceType: { publicId: input.licenceType }, seats: input.seats, expiresOn: input.expiresOn },
    }).pipe(Effect.map((p) => p.data[0]!)),
  ),
  changeBundle: (publicId, change) => narrow("NotFound")(
    http.endpoint("AdminLicenceBundleList.PATCH", { json: { publicId, ...change }, context: { publicId, entity: "LicenceBundle" } }).pipe(Effect.map((p) => p.data[0]!)),
  ),
  deleteBundle: (publicId) => narrow("NotFound")(
    http.endpoint("AdminLicenceBundleList.DELETE", { json: { publicId }, context: { publicId, entity: "LicenceBundle" } }).pipe(Effect.asVoid),
  ),
  companies: () => narrow()(http.endpoint("AdminCompanyTrialList.GET", {}).pipe(Effect.map((p) => p.data))),
  setTrial: (publicId, trialEndsOn) => narrow("NotFound")(
    http.endpoint("AdminCompanyTrialList.PATCH", { json: { publicId, trialEndsOn }, context: { publicId, entity: "Company" } }).pipe(Effect.map((p) => p.data[0]!)),
  ),
  coupons: () => narrow()(http.endpoint("AdminCouponList.GET", {}).pipe(Effect.map((p) => p.data))),
  issueCoupon: (input) => narrow("Conflict")(http.endpoint("AdminCouponList.POST", { json: { ...input } }).pipe(Effect.map((p) => p.data[0]!))),
  resendBackupCodes: (email) => narrow("NotFound", "Conflict")(
    http.endpoint("AdminBackupCodeResend.POST", { json: { email }, context: { publicId: email, entity: "User" } }).pipe(Effect.asVoid),
  ),
  platformServers: () => narrow()(http.endpoint("AdminPlatformServerList.GET", {}).pipe(Effect.map((p) => p.data))),
  createPlatformServer: ({ company, ...fields }) => narrow("NotFound")(
    http.endpoint("AdminPlatformServerList.POST", { json: { company: { publicId: company }, ...fields }, context: { publicId: company, entity: "Company" } })
      .pipe(Effect.map((p) => p.data[0]!)),
  ),
  changePlatformServer: (publicId, { company, ...fields }) => narrow("NotFound")(
    http.endpoint("AdminPlatformServerList.PATCH", {
      json: { publicId, ...fields, ...(company === undefined ? {} : { company: { publicId: company } }) }, context: { publicId, entity: "PlatformServer" },
    }).pipe(Effect.map((p) => p.data[0]!)),
  ),
  deletePlatformServer: (publicId) => narrow("NotFound")(
    http.endpoint("AdminPlatformServerList.DELETE", { json: { publicId }, context: { publicId, entity: "PlatformServer" } }).pipe(Effect.asVoid),
  ),
  demoDevices: () => narrow()(http.endpoint("AdminDemoDeviceExpiryList.GET", {}).pipe(Effect.map((p) => p.data))),
  setDemoExpiry: (publicId, demoExpiresOn) => narrow("NotFound")(
    http.endpoint("AdminDemoDeviceExpiryList.PATCH", { json: { publicId, demoExpiresOn }, context: { publicId, entity: "Agent" } }).pipe(Effect.map((p) => p.data[0]!)),
  ),
});
