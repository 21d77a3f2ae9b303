/**
 * Platform servers, router screensavers and backend component templates (issue 13) over core's
 * route table, by endpoint keys: payloads checked with the contract's schemas, answers decoded
 * with its success schemas; images and logs are downloads (Blob and file name).
 */
import { Effect } from "effect";
import type { PlatformApi } from "@portal/core/ports/api/PlatformApi";
import { PLATFORM_SERVER_TYPES } from "@portal/core/domain/Platform";
import { LOG_FILE_NAME } from "@portal/core/rules/backendTemplates";
import type { Filter } from "@portal/core/wire/filters";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

const byTemplate = (templatePublicId?: string): ReadonlyArray<Filter> =>
  templatePublicId === undefined ? [] : [{ op: "eq", column: "template.publicId", values: [templatePublicId] }];
const firstId = (p: { data: ReadonlyArray<{ publicId: string }> }) => ({ publicId: p.data[0]?.publicId ?? "" });

export const platformApi = (http: HttpClient): PlatformApi => {
  const item = (publicId: string, entity: string) => ({ company: true, params: { publicId }, context: { publicId, entity } });
  const all = <K extends "TemplateShareList.GET" | "MessageSubscriptionList.GET">(key: K, templatePublicId?: string) =>
    http.endpoint(key, { company: true, query: listQuery({ pageSize: 4000, filters: byTemplate(templatePublicId) }) }).pipe(Effect.map((p) => p.data));
  return {
    platformServers: (request = {}) => narrow()(http.endpoint("MyCompanyPlatformServerList.GET", {
      company: true,
      query: listQuery({ fields: "location,name,type,vpnRange", filters: [{ op: "in", column: "type", values: [...PLATFORM_SERVER_TYPES] }], ...request }),
    }).pipe(Effect.map((p) => ({ data: p.data, moreAfter: p.moreAfter })))),
    screensavers: (request = {}) => narrow()(http.endpoint("RouterScreensaverList.GET", { company: true, query: listQuery(request) }).pipe(Effect.map((p) => ({ data: p.data, moreAfter: p.moreAfter })))),
    uploadScreensaver: (upload) => narrow("Conflict")(http.endpoint("RouterScreensaverList.POST", { company: true, json: upload }).pipe(Effect.map((p) => p.data))),
    screensaverImage: (publicId) => narrow("NotFound")(http.download("RouterScreensaver", `${publicId}.png`, item(publicId, "RouterScreensaver"))),
    removeScreensaver: (publicId) => narrow("NotFound")(http.endpoint("RouterScreensaver.DELETE", item(publicId, "RouterScreensaver")).pipe(Effect.asVoid)),

    templates: (request = {}) => narrow()(http.endpoint("BackendTemplateList.GET", { company: true, query: listQuery(request) }).pipe(Effect.map((p) => ({ data: p.data, moreAfter: p.moreAfter })))),
    addTemplate: (draft) => narrow("Conflict")(http.endpoint("BackendTemplateList.POST", { company: true, json: draft }).pipe(Effect.map(firstId))),
    updateTemplate: (publicId, draft) => narrow("NotFound", "Conflict")(http.endpoint("BackendTemplate.PATCH", { ...item(publicId, "BackendTemplate"), json: draft }).pipe(Effect.map((p) => p.data))),
    removeTemplate: (publicId) => narrow("NotFound", "Conflict")(http.endpoint("BackendTemplate.DELETE", item(publicId, "BackendTemplate")).pipe(Effect.asVoid)),
    templateLogs: (publicId) => narrow("NotFound")(http.download("BackendTemplateLogs", LOG_FILE_NAME, item(publicId, "BackendTemplate"))),

    shares: (templatePublicId) => narrow()(all("TemplateShareList.GET", templatePublicId)),
    addShare: (template, companyId) => narrow("NotFound", "Conflict")(http.endpoint("TemplateShareList.POST", {
      company: true, json: { template: { publicId: template }, company: { publicId: companyId } }, context: { publicId: companyId, entity: "Company" },
    }).pipe(Effect.map(firstId))),
    removeShare: (publicId) => narrow("NotFound")(http.endpoint("TemplateShare.DELETE", item(publicId, "TemplateShare")).pipe(Effect.asVoid)),

    // Spec 7: the configs filtered by template; the first result is the one used, otherwise none.
    templateConfig: (template) => narrow()(http.endpoint("TemplateConfigList.GET", { company: true, query: listQuery({ pageSize: 1, filters: byTemplate(template) }) })
      .pipe(Effect.map((p) => p.data[0] ?? null))),
    addConfig: (template, config) => narrow("NotFound", "Conflict")(http.endpoint("TemplateConfigList.POST", {
      company: true, json: { template: { publicId: template }, config }, context: { publicId: template, entity: "BackendTemplate" },
    }).pipe(Effect.map(firstId))),
    updateConfig: (publicId, config) => narrow("NotFound", "Conflict")(http.endpoint("TemplateConfig.PATCH", { ...item(publicId, "TemplateConfig"), json: { config } }).pipe(Effect.map((p) => p.data))),

    subscriptions: (templatePublicId) => narrow()(all("MessageSubscriptionList.GET", templatePublicId)),
    addSubscription: (template, topic) => narrow("NotFound")(http.endpoint("MessageSubscriptionList.POST", {
      company: true, json: { template: { publicId: template }, topic }, context: { publicId: template, entity: "BackendTemplate" },
    }).pipe(Effect.map(firstId))),
    removeSubscription: (publicId) => narrow("NotFound")(http.endpoint("MessageSubscription.DELETE", item(publicId, "MessageSubscription")).pipe(Effect.asVoid)),
  };
};
