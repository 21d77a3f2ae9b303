/**
 * PortalApiHttp: the PortalApi port over HTTP (ky). URLs come from discovery by rel; headers,
 * envelopes and error mapping are HttpClient's. Each area lives in its own file.
 */
import { Layer } from "effect";
import { PortalApi, type PortalApiShape } from "@portal/core/ports/PortalApi";
import { HttpClient, type HttpClientOptions } from "./HttpClient";
import { authApi, discoveryApi, meApi } from "./areas/session";
import { assetTypesApi, auditLogsApi, groupTypesApi, translationsApi } from "./areas/lists";
import { groupsApi } from "./areas/groups";
import { accessRequestsApi } from "./areas/devices";
import { pagesApi } from "./areas/pages";
import { reportsApi } from "./areas/reports";
import { dataPointsApi } from "./areas/dataPoints";
import { tunnelsApi } from "./areas/tunnels";
import { usersApi } from "./areas/users";
import { audiencesApi, rolesApi } from "./areas/roles";
import { accountApi } from "./areas/account";
import { customFieldsApi } from "./areas/customFields";
import { identityApi } from "./areas/identity";
import { mqttBrokersApi } from "./areas/mqttBrokers";
import { usageApi } from "./areas/usage";
import { selfServiceApi } from "./areas/selfService";
import { policyBuildersApi } from "./areas/policyBuilders";
import { appsApi, licencesApi } from "./areas/licences";
import { adminApi } from "./areas/admin";
import { platformApi } from "./areas/platform";
import { deviceRecordsApi } from "./areas/deviceRecords";

/** Builds the port over one HttpClient. Never throws; every method fails in its Effect. */
export function makePortalApiHttp(options: HttpClientOptions): PortalApiShape & { readonly http: HttpClient } {
  const http = new HttpClient(options);
  return {
    http,
    discovery: discoveryApi(http),
    auth: authApi(http),
    me: meApi(http),
    groupTypes: groupTypesApi(http),
    assetTypes: assetTypesApi(http),
    groups: groupsApi(http),
    translations: translationsApi(http),
    auditLogs: auditLogsApi(http),
    pages: pagesApi(http),
    reports: reportsApi(http),
    accessRequests: accessRequestsApi(http),
    tunnels: tunnelsApi(http),
    users: usersApi(http),
    roles: rolesApi(http),
    audiences: audiencesApi(http),
    mqttBrokers: mqttBrokersApi(http),
    usage: usageApi(http),
    account: accountApi(http),
    customFields: customFieldsApi(http),
    identity: identityApi(http),
    selfService: selfServiceApi(http),
    policyBuilders: policyBuildersApi(http),
    licences: licencesApi(http),
    apps: appsApi(http),
    admin: adminApi(http),
    platform: platformApi(http),
    deviceRecords: deviceRecordsApi(http),
    dataPoints: dataPointsApi(http),
  };
}

/** The port as a Layer, for composition roots that build an Effect runtime. */
export const PortalApiHttpLayer = (options: HttpClientOptions) => Layer.succeed(PortalApi)(makePortalApiHttp(options));
