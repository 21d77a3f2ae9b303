/**
 * Company identity and menu items (issue 12) over core's route table, by endpoint keys. 413 and
 * 415 (an image too large or not an allowed image) stay ApiFailure with the server's message key.
 */
import { Effect } from "effect";
import type { IdentityApi } from "@portal/core/ports/api/IdentityApi";
import type { HttpClient } from "../HttpClient";
import { narrow } from "../narrow";

export const identityApi = (http: HttpClient): IdentityApi => ({
  get: () => narrow()(http.endpoint("CompanyIdentity.GET", { company: true }).pipe(Effect.map((p) => p.data))),
  save: (changes) => narrow("Conflict")(http.endpoint("CompanyIdentity.PATCH", { company: true, json: changes }).pipe(Effect.map((p) => p.data))),
  menuItems: () => narrow()(http.endpoint("MenuItemList.GET", { company: true, query: { "page-size": "100" } }).pipe(Effect.map((p) => p.data))),
  addMenuItems: (items) => narrow()(http.endpoint("MenuItemList.POST", { company: true, json: items }).pipe(Effect.map((p) => p.data))),
  updateMenuItems: (items) => narrow("NotFound")(http.endpoint("MenuItemList.PATCH", { company: true, json: items }).pipe(Effect.asVoid)),
  removeMenuItems: (publicIds) => narrow("NotFound")(http.endpoint("MenuItemList.DELETE", { company: true, json: publicIds.map((publicId) => ({ publicId })) }).pipe(Effect.asVoid)),
});
