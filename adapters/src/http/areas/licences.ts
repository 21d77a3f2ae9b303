/**
 * Licences and apps (issue 12) over core's route table, by endpoint keys: payloads checked with the
 * contract's schemas, answers decoded with its success schemas.
 */
import { Effect } from "effect";
import type { AppsApi, LicencesApi } from "@portal/core/ports/api/LicencesApi";
import { activationBody, bundleDeactivationBody } from "@portal/core/rules/activation";
import type { HttpClient } from "../HttpClient";
import { narrow } from "../narrow";

export const licencesApi = (http: HttpClient): LicencesApi => {
  const agent = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Agent" } });
  return {
    types: () => narrow()(http.endpoint("LicenceTypeList.GET", {}).pipe(Effect.map((p) => p.data))),
    bundles: () => narrow()(http.endpoint("LicenceBundleList.GET", { company: true }).pipe(Effect.map((p) => p.data))),
    devices: () => narrow()(http.endpoint("AgentLicenceList.GET", { company: true }).pipe(Effect.map((p) => p.data))),
    device: (publicId) => narrow("NotFound")(http.endpoint("AgentLicences.GET", agent(publicId)).pipe(Effect.map((p) => p.data))),
    activate: (feature, publicId, method) => narrow("NotFound", "Conflict")(
      http.endpoint(feature === "alarming" ? "AlarmingActivationList.POST" : "LoggingActivationList.POST", {
        company: true, json: activationBody(publicId, method), context: { publicId, entity: "Agent" },
      }).pipe(Effect.map((p) => p.data[0]!)),
    ),
    deactivate: (feature, publicId) => narrow("NotFound", "Conflict")(
      http.endpoint(feature === "alarming" ? "AgentAlarming.DELETE" : "AgentLogging.DELETE", agent(publicId)).pipe(Effect.map((p) => p.data)),
    ),
    activateBundle: (publicId, bundle) => narrow("NotFound", "Conflict")(
      http.endpoint("AgentBundleActivationList.POST", { company: true, json: { publicId, bundle: { publicId: bundle } }, context: { publicId, entity: "Agent" } })
        .pipe(Effect.map((p) => p.data[0]!)),
    ),
    deactivateBundles: (publicId, bundles) => narrow("NotFound")(
      http.endpoint("AgentLicenceBundleList.DELETE", { ...agent(publicId), json: bundleDeactivationBody(bundles) }).pipe(Effect.map((p) => p.data)),
    ),
    extend: (bundle) => narrow("NotFound")(
      http.endpoint("LicenceBundleExtension.POST", { company: true, params: { publicId: bundle }, context: { publicId: bundle, entity: "LicenceBundle" } })
        .pipe(Effect.map((p) => p.data)),
    ),
  };
};

export const appsApi = (http: HttpClient): AppsApi => {
  const app = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "App" } });
  return {
    list: () => narrow()(http.endpoint("AppList.GET", { company: true }).pipe(Effect.map((p) => p.data))),
    install: (publicId) => narrow("NotFound", "Conflict")(http.endpoint("AppInstallation.POST", app(publicId)).pipe(Effect.map((p) => p.data))),
    uninstall: (publicId) => narrow("NotFound", "Conflict")(http.endpoint("AppInstallation.DELETE", app(publicId)).pipe(Effect.map((p) => p.data))),
    saveConfig: (publicId, config) => narrow("NotFound", "Conflict")(
      http.endpoint("AppConfig.PATCH", { ...app(publicId), json: { data: config } }).pipe(Effect.map((p) => p.data)),
    ),
  };
};
