/**
 * The PortalApi port: the portal's HTTP API as the web app, the CLI and the stores see it,
 * grouped by area. Each method is an Effect whose error channel lists the tagged errors of
 * core/src/errors.ts it can end with. Adapters: PortalApiHttp (adapters/), PortalApiMemory
 * (fixtures/, for tests), both enforcing the same core rules.
 */
import { Context } from "effect";
import type { AccessRequestsApi } from "./api/AccessRequestsApi";
import type { AccountApi } from "./api/AccountApi";
import type { SelfServiceApi } from "./api/SelfServiceApi";
import type { AssetTypesApi } from "./api/AssetTypesApi";
import type { AuditLogsApi } from "./api/AuditLogsApi";
import type { UsageApi } from "./api/UsageApi";
import type { AuthApi } from "./api/AuthApi";
import type { DiscoveryApi } from "./api/DiscoveryApi";
import type { GroupsApi } from "./api/GroupsApi";
import type { GroupTypesApi } from "./api/GroupTypesApi";
import type { MeApi } from "./api/MeApi";
import type { PagesApi } from "./api/PagesApi";
import type { ReportsApi } from "./api/ReportsApi";
import type { DataPointsApi } from "./api/DataPointsApi";
import type { TranslationsApi } from "./api/TranslationsApi";
import type { TunnelsApi } from "./api/TunnelsApi";
import type { UsersApi } from "./api/UsersApi";
import type { AudiencesApi, RolesApi } from "./api/RolesApi";
import type { CustomFieldsApi } from "./api/CustomFieldsApi";
import type { MqttBrokersApi } from "./api/MqttBrokersApi";
import type { PolicyBuildersApi } from "./api/PolicyBuildersApi";
import type { IdentityApi } from "./api/IdentityApi";
import type { AppsApi, LicencesApi } from "./api/LicencesApi";
import type { AdminApi } from "./api/AdminApi";
import type { PlatformApi } from "./api/PlatformApi";
import type { DeviceRecordsApi } from "./api/DeviceRecordsApi";

export type { AccessRequestsApi } from "./api/AccessRequestsApi";
export type { AccountApi } from "./api/AccountApi";
export type { SelfServiceApi } from "./api/SelfServiceApi";
export type { AssetTypesApi } from "./api/AssetTypesApi";
export type { AuditLogsApi } from "./api/AuditLogsApi";
export type { AuthApi } from "./api/AuthApi";
export type { DiscoveryApi } from "./api/DiscoveryApi";
export type { GroupsApi } from "./api/GroupsApi";
export type { GroupTypesApi } from "./api/GroupTypesApi";
export type { MeApi } from "./api/MeApi";
export type { PagesApi } from "./api/PagesApi";
export type { ReportsApi } from "./api/ReportsApi";
export type { DataPointPeriodQuery, DataPointsApi } from "./api/DataPointsApi";
export type { TranslationListRequest, TranslationsApi, UpsertResult } from "./api/TranslationsApi";
export type { TunnelSessionState, TunnelsApi } from "./api/TunnelsApi";
export type { InviteFinish, InviteInput, InviteJoined, UserListRequest, UserPatch, UsersApi } from "./api/UsersApi";
export type { CustomFieldsApi, CustomPropertyInput } from "./api/CustomFieldsApi";
export type { AudiencesApi, AudienceTarget, RolesApi } from "./api/RolesApi";
export type { MqttBrokersApi } from "./api/MqttBrokersApi";
export type { UsageApi } from "./api/UsageApi";
export type { PolicyBuildersApi } from "./api/PolicyBuildersApi";
export type { IdentityApi, IdentityChanges, MenuItemInput } from "./api/IdentityApi";
export type { AppsApi, LicencesApi } from "./api/LicencesApi";
export type { AdminApi, AdminBundleInput, AdminCouponInput } from "./api/AdminApi";
export type { DownloadedFile, PlatformApi } from "./api/PlatformApi";
export type { DeviceRecordsApi } from "./api/DeviceRecordsApi";
export { allPages, type CallError, type Created, type ListPage, type ListRequest } from "./api/common";

export interface PortalApiShape {
  readonly discovery: DiscoveryApi;
  readonly auth: AuthApi;
  readonly me: MeApi;
  readonly groupTypes: GroupTypesApi;
  readonly assetTypes: AssetTypesApi;
  readonly groups: GroupsApi;
  readonly translations: TranslationsApi;
  readonly auditLogs: AuditLogsApi;
  readonly pages: PagesApi;
  readonly accessRequests: AccessRequestsApi;
  readonly tunnels: TunnelsApi;
  readonly users: UsersApi;
  readonly roles: RolesApi;
  readonly audiences: AudiencesApi;
  readonly account: AccountApi;
  readonly customFields: CustomFieldsApi;
  readonly mqttBrokers: MqttBrokersApi;
  readonly selfService: SelfServiceApi;
  readonly usage: UsageApi;
  readonly policyBuilders: PolicyBuildersApi;
  readonly identity: IdentityApi;
  readonly licences: LicencesApi;
  readonly apps: AppsApi;
  readonly admin: AdminApi;
  readonly platform: PlatformApi;
  readonly deviceRecords: DeviceRecordsApi;
  readonly reports: ReportsApi;
  readonly dataPoints: DataPointsApi;
}

export class PortalApi extends Context.Service<PortalApi, PortalApiShape>()("@portal/core/ports/PortalApi") {}
