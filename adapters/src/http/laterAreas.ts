/**
 * Every area of the PortalApi port except the session's (discovery, auth, me) and self service
 * (registration, password reset, policies): what the sign-in page never calls. PortalApiHttp imports this module on the first call of one of them, so the
 * browser's first load carries neither these areas nor the schemas and rules they read.
 */
import type { PortalApiShape } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "./HttpClient";
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
import { policyBuildersApi } from "./areas/policyBuilders";
import { appsApi, licencesApi } from "./areas/licences";
import { adminApi } from "./areas/admin";
import { platformApi } from "./areas/platform";
import { deviceRecordsApi } from "./areas/deviceRecords";

/** The areas built with the port (the sign-in page and the pages before it call them); every other area is in this module. */
export type SessionArea = "discovery" | "auth" | "me" | "selfService";
export type LaterAreas = Omit<PortalApiShape, SessionArea>;

export const laterAreas = (http: HttpClient): LaterAreas => ({
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
  policyBuilders: policyBuildersApi(http),
  licences: licencesApi(http),
  apps: appsApi(http),
  admin: adminApi(http),
  platform: platformApi(http),
  deviceRecords: deviceRecordsApi(http),
  dataPoints: dataPointsApi(http),
});
