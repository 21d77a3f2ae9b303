/**
 * The wire contract's route table (api.md): one entry per endpoint, found by `rel` through
 * discovery (`GET /api/`). The server registers exactly these, the clients resolve URLs by rel,
 * and the rights table test walks this list. Each method is an EndpointSpec: the rights (the caller needs at least one
 * of them in the selected company, `Api-Company`; an empty list means any caller) and the schemas of
 * its params, query, payload and success data, from which the server decodes, the OpenAPI document
 * is generated and the handler table is typed.
 */
import { Schema } from "effect";
import { AuditLogEntry, AuditRetention } from "../domain/AuditLog";
import { Group, GroupAgent, GroupMembership, GroupRoleChoice, GroupUser } from "../domain/Group";
import type { Right } from "../domain/Right";
import { Translation } from "../domain/Translation";
import { endpoint, NoData, PublicIdRefs, type EndpointSpec } from "./endpoint";
import { AssetTypeEntity, GroupTypeEntity } from "../entities/OrderedTypeEntity";
import { Approver, MyAccessRequest } from "../domain/AccessRequest";
import { Asset, AgentView, DeviceGroup, OutboxMessage } from "../domain/Device";
import { AgentCredential, TunnelSession, VpnTicket, VpnTicketBody } from "../domain/Tunnel";
import { VpnClientReleaseFeed } from "../domain/VpnClient";
import {
  DataPointChange, DataPointLogQuery, DataPointSeries, DataPointSeriesQuery, DataPointStates, DataPointValue, DataPointWatch, DataPointWatchBody,
} from "../domain/DataPoint";
import { Report, ReportPrint } from "../domain/Report";
import { ReportPrintBody, ReportQueueBody } from "./reportPayloads";
import { REPORT_RIGHTS } from "../rules/reports";
import { DeviceDocument, LogbookEntry, LogbookEntryBody, MailFormBody, MailFormResult } from "../domain/DeviceRecords";
import { DocumentUploadBody } from "../rules/deviceDocuments";
import { MyAccessTokenView, TrustedDevice } from "../domain/Account";
import { EmailChangeBody, MailTokenBody, PasswordResetBody, PasswordResetRequestBody } from "./payloads";
import {
  AccessRequestBody, AccessRequestListQuery, AgentListQuery, TunnelSessionListQuery, DecisionBody, ExtensionBody,
  PublicIdBody, TranslationBody, TranslationBulkBody, TranslationListQuery, TranslationSearchQuery,
} from "./payloads";
import { InviteBody, InviteFinishBody, InviteTokenQuery, MyInviteAcceptBody, UserListQuery, UserPatchBody } from "./payloads";
import { CompanyUser, InviteLinkInfo, MyInvite, PendingInvite } from "../domain/CompanyUser";
import {
  GroupBody, GroupBulkBody, GroupCandidateQuery, GroupMembershipBody, GroupMembershipBulkBody, UserGroupMembershipsBody,
} from "./payloads";
import { AudienceAssignmentBody, AudienceBody, RoleBody } from "./payloads";
import { Role } from "../domain/Role";
import { CustomFieldValues, CustomProperty } from "../domain/CustomProperty";
import { CustomFieldValuesBody, CustomPropertyBody, CustomPropertyBulkBody } from "./customFieldPayloads";
import { Audience, AudienceAssignment } from "../domain/Audience";
import { MqttBroker, MqttConnectionTestResult } from "../domain/MqttBroker";
import { MqttBrokerBody, MqttBrokerBulkBody, MqttConnectionTestBody } from "./payloads";
import { Message, UnreadCount } from "../domain/Message";
import { MaybePolicyText } from "../domain/Policy";
import { AgentLicenceState, CompanyTrial, LicenceBundle, LicenceType } from "../domain/Licence";
import { App, AppConfigBody, AppInstall } from "../domain/App";
import {
  ActivationPayload, BundleActivationPayload, AdminBackupCodeResendBody, AdminBundleBody, AdminBundlePatchBody, AdminCouponBody, AdminCouponView, AdminTrialPatchBody, DemoDeviceExpiry, DemoExpiryPatchBody,
} from "./licencePayloads";
import { MessageBulkPatchBody, MessagePatchBody, PolicyQuery, RegistrationBody } from "./payloads";
import { UsageQuery, UsageRow } from "../domain/Usage";
import { PolicyBuilderView, PolicyVersion } from "../domain/PolicyVersion";
import { PolicyPublishBody, TermsPublishBody, TermsSourceBody } from "./payloads";
import { CompanyIdentity, MenuItem } from "../domain/Identity";
import { IdentityBody, MenuItemBody, MenuItemBulkBody } from "./identityPayloads";
import { Page, PageVersion } from "../domain/Page";
import { PageFile } from "../rules/pageFile";
import { PageCreateBody, PageImportBody, PagePatchBody } from "./pagePayloads";
import { AdminPlatformServer, PlatformServer, RouterScreensaver } from "../domain/Platform";
import { BackendTemplate, MessageSubscription, TemplateConfig, TemplateShare } from "../domain/BackendTemplate";
import {
  AdminPlatformServerBody, AdminPlatformServerPatchBody, BackendTemplateBody, MessageSubscriptionBody, ScreensaverUploadBody, TemplateConfigBody, TemplateShareBody,
} from "./platformPayloads";
import { company, endpointIn, get, item, open, session, type DiscoveryLink, type HttpMethod, type RouteSpec } from "./routeSpec";
import { RegistrationAllowed, SESSION_ROUTES } from "./sessionRoutes";

export { DiscoveryLinkSchema, expandHref, type DiscoveryLink, type HttpMethod, type RouteSpec } from "./routeSpec";

/** The answer of upsert mode: how many keys were added, changed and left alone. */
export const TranslationUpsertCounts = Schema.Struct({
  added: Schema.Number, changed: Schema.Number, unchanged: Schema.Number,
  created: Schema.optional(Schema.Number), updated: Schema.optional(Schema.Number),
});

/** The list and item endpoints of an ordered type kind, from its descriptor (entities/). */
const orderedTypeRoutes = <const L extends string, const I extends string, const H extends string, E extends Schema.Top, B extends Schema.Top, BB extends Schema.Top>(
  d: { readonly listRel: L; readonly itemRel: I; readonly href: H; readonly writeRight: Right; readonly entity: E; readonly body: B; readonly bulkBody: BB },
) => [
  {
    rel: d.listRel, href: d.href, ...company,
    methods: {
      GET: get(Schema.Array(d.entity)),
      POST: endpoint({ rights: [d.writeRight], payload: d.body, bulk: true, success: PublicIdRefs }),
      PATCH: endpoint({ rights: [d.writeRight], payload: d.bulkBody, bulk: true, success: Schema.Array(d.entity) }),
      DELETE: endpoint({ rights: [d.writeRight], payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: d.itemRel, href: `${d.href}/{publicId}` as `${H}/{publicId}`, ...company,
    methods: {
      GET: endpoint({ rights: [], ...item, success: d.entity }),
      PATCH: endpoint({ rights: [d.writeRight], ...item, payload: d.body, success: d.entity }),
      DELETE: endpoint({ rights: [d.writeRight], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
] as const;

/** Who may list devices: requesters, approvers, and those who manage access requests. */
const DEVICE_READERS = ["use:access-requests", "approve:access-requests", "manage:access-requests"] as const satisfies ReadonlyArray<Right>;

/**
 * The state changes of a request, one route each (POST with an optional comment): an approver's
 * approval, rejection and revocation; the requester's cancellation (pending) and release (active).
 * Who may do which is the rule's to say (rules/accessWindow.ts), on the device's rights.
 * Generic so that each route keeps its own literal rel and href (one route typed with the union
 * of the rels made EndpointAt of each of them `never`, so no handler or client could type it).
 */
const accessRequestAction = <const Rel extends string, const Segment extends string>(rel: Rel, segment: Segment) => ({
  rel, href: `/api/access-requests/{publicId}/${segment}` as `/api/access-requests/{publicId}/${Segment}`, ...company,
  methods: { POST: endpoint({ rights: [], ...item, payload: DecisionBody, success: MyAccessRequest }) },
} as const);

export const ROUTES = [
  ...SESSION_ROUTES,
  ...orderedTypeRoutes(GroupTypeEntity),
  {
    // Groups under group types (issue 11): the tree rules are core's (rules/groupTree.ts).
    rel: "GroupList", href: "/api/groups", ...company,
    methods: {
      GET: get(Schema.Array(Group), ["manage:groups", "manage:group-types"]),
      POST: endpoint({ rights: ["manage:groups"], payload: GroupBody, bulk: true, success: PublicIdRefs }),
      PATCH: endpoint({ rights: ["manage:groups"], payload: GroupBulkBody, bulk: true, success: Schema.Array(Group) }),
      DELETE: endpoint({ rights: ["manage:groups"], payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "Group", href: "/api/groups/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:groups", "manage:group-types"], ...item, success: Group }),
      PATCH: endpoint({ rights: ["manage:groups"], ...item, payload: GroupBody, success: Group }),
      DELETE: endpoint({ rights: ["manage:groups"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    // The devices of a group: their group roles apply on them (rules/deviceRights.ts).
    rel: "GroupAgentList", href: "/api/groups/{publicId}/agents", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:groups"], ...item, success: Schema.Array(GroupAgent) }),
      POST: endpoint({ rights: ["manage:groups"], ...item, payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
      DELETE: endpoint({ rights: ["manage:groups"], ...item, payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    // The member picker: the company's members, searched by name or e-mail (read-only).
    rel: "GroupCandidateList", href: "/api/groups/{publicId}/candidates", ...company,
    methods: { GET: endpoint({ rights: ["manage:groups"], ...item, query: GroupCandidateQuery, success: Schema.Array(GroupUser) }) },
  },
  { rel: "GroupRoleChoiceList", href: "/api/group-role-choices", methods: { GET: get(Schema.Array(GroupRoleChoice), ["manage:groups"]) }, ...company },
  {
    // Memberships (spec 7: "POST, PATCH, DELETE list, PUT per user"); filter with eq(group.publicId,X).
    rel: "GroupMembershipList", href: "/api/group-memberships", ...company,
    methods: {
      GET: get(Schema.Array(GroupMembership), ["manage:groups"]),
      POST: endpoint({ rights: ["manage:groups"], payload: GroupMembershipBody, bulk: true, success: PublicIdRefs }),
      PATCH: endpoint({ rights: ["manage:groups"], payload: GroupMembershipBulkBody, bulk: true, success: Schema.Array(GroupMembership) }),
      DELETE: endpoint({ rights: ["manage:groups"], payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    // A user's group memberships, replaced at once (all or nothing).
    rel: "UserGroupMembershipList", href: "/api/users/{publicId}/group-memberships", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:groups"], ...item, success: Schema.Array(GroupMembership) }),
      PUT: endpoint({ rights: ["manage:groups"], ...item, payload: UserGroupMembershipsBody, success: Schema.Array(GroupMembership) }),
    },
  },
  ...orderedTypeRoutes(AssetTypeEntity),
  {
    rel: "TranslationList", href: "/api/translations", ...company,
    methods: {
      GET: endpoint({ rights: [], query: TranslationSearchQuery, success: Schema.Array(Translation) }),
      POST: endpoint({
        rights: ["manage:translations"], query: TranslationListQuery, payload: TranslationBody, bulk: true,
        success: Schema.Union([PublicIdRefs, TranslationUpsertCounts]),
      }),
      PATCH: endpoint({ rights: ["manage:translations"], payload: TranslationBulkBody, bulk: true, success: Schema.Array(Translation) }),
      DELETE: endpoint({ rights: ["manage:translations"], payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "Translation", href: "/api/translations/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: [], ...item, success: Translation }),
      PATCH: endpoint({ rights: ["manage:translations"], ...item, payload: TranslationBody, success: Translation }),
      DELETE: endpoint({ rights: ["manage:translations"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  { rel: "AuditLogList", href: "/api/audit-logs", methods: { GET: get(Schema.Array(AuditLogEntry), ["use:audit-logs"]) }, ...company },
  // The same filters as the list, as a CSV file streamed row by row (any range, constant memory).
  {
    rel: "AuditLogExport", href: "/api/audit-logs/export", ...company,
    methods: { GET: endpoint({ rights: ["use:audit-logs"], success: NoData, raw: true, summary: "The audit trail as CSV (text/csv), with the list's filters" }) },
  },
  // Reading needs the audit trail or administration; changing it only administration (manage:roles).
  {
    rel: "AuditRetention", href: "/api/audit-retention", ...company,
    methods: {
      GET: get(AuditRetention, ["use:audit-logs", "manage:roles"]),
      PUT: endpoint({ rights: ["manage:roles"], payload: AuditRetention, success: AuditRetention }),
    },
  },

  // Data usage (issue 12): rows per device and day or month in the reader's zone, and as CSV.
  {
    rel: "DataUsage", href: "/api/data-usage", ...company,
    methods: { GET: endpoint({ rights: ["use:data-usage"], query: UsageQuery, success: Schema.Array(UsageRow) }) },
  },
  {
    rel: "DataUsageExport", href: "/api/data-usage/export", ...company,
    methods: { GET: endpoint({ rights: ["use:data-usage"], query: UsageQuery, success: NoData, raw: true, summary: "The usage rows as CSV (text/csv)" }) },
  },

  // Devices and access requests (issue 9). Device-level rights (rules/deviceRights.ts) are checked
  // by the handlers: a group role can make a user an approver of some devices only.
  {
    rel: "AgentList", href: "/api/agents", ...company,
    methods: { GET: endpoint({ rights: [...DEVICE_READERS], query: AgentListQuery, success: Schema.Array(AgentView) }) },
  },
  { rel: "Agent", href: "/api/agents/{publicId}", methods: { GET: endpoint({ rights: [...DEVICE_READERS], ...item, success: AgentView }) }, ...company },
  {
    // The Devices screen's group filter: the company's groups holding a device the caller sees
    // (name order), readable with a device right where the groups list needs manage:groups.
    rel: "DeviceGroupList", href: "/api/device-groups", ...company,
    methods: { GET: endpoint({ rights: [...DEVICE_READERS], success: Schema.Array(DeviceGroup) }) },
  },
  {
    // Try again (spec 4, Rate limiting): resets the agent's OpenVPN configuration once the system
    // has stopped trying (a hard limit); 409 RATE_LIMIT_NOT_STOPPED while it still retries.
    rel: "AgentRateLimitReset", href: "/api/agents/{publicId}/rate-limit-reset", ...company,
    methods: { POST: endpoint({ rights: [...DEVICE_READERS], ...item, success: AgentView }) },
  },
  {
    rel: "AgentApproverList", href: "/api/agents/{publicId}/approvers", ...company,
    methods: { GET: endpoint({ rights: ["use:access-requests"], ...item, success: Schema.Array(Approver) }) },
  },
  {
    rel: "AgentAccessRequestList", href: "/api/agents/{publicId}/access-requests", ...company,
    methods: { POST: endpoint({ rights: ["use:access-requests"], ...item, payload: AccessRequestBody, success: PublicIdRefs }) },
  },
  { rel: "AssetList", href: "/api/assets", methods: { GET: get(Schema.Array(Asset), [...DEVICE_READERS]) }, ...company },
  { rel: "Asset", href: "/api/assets/{publicId}", methods: { GET: endpoint({ rights: [...DEVICE_READERS], ...item, success: Asset }) }, ...company },
  {
    rel: "MyAccessRequestList", href: "/api/my-access-requests", ...company,
    methods: { GET: endpoint({ rights: ["use:access-requests"], query: AccessRequestListQuery, success: Schema.Array(MyAccessRequest) }) },
  },
  {
    // An approver's view: requests on devices where the caller holds the approve right.
    rel: "AccessRequestList", href: "/api/access-requests", ...company,
    methods: { GET: endpoint({ rights: [], query: AccessRequestListQuery, success: Schema.Array(MyAccessRequest) }) },
  },
  { rel: "AccessRequest", href: "/api/access-requests/{publicId}", methods: { GET: endpoint({ rights: [], ...item, success: MyAccessRequest }) }, ...company },
  accessRequestAction("AccessRequestApproval", "approval"),
  accessRequestAction("AccessRequestRejection", "rejection"),
  accessRequestAction("AccessRequestRevocation", "revocation"),
  accessRequestAction("AccessRequestCancellation", "cancellation"),
  accessRequestAction("AccessRequestRelease", "release"),
  {
    rel: "AccessRequestExtension", href: "/api/access-requests/{publicId}/extension", ...company,
    methods: { POST: endpoint({ rights: ["use:access-requests"], ...item, payload: ExtensionBody, success: MyAccessRequest }) },
  },
  // Remote access (issue 10). The relay's two WebSocket ends (/api/relay/agent, /api/relay/client)
  // are upgrades, not calls: they authenticate with the agent credential and a ticket.
  {
    // A single-use ticket (60 s) for the local VPN client, bound to the caller and the agent.
    rel: "AgentVpnTicketList", href: "/api/agents/{publicId}/vpn-tickets", ...company,
    methods: { POST: endpoint({ rights: [...DEVICE_READERS], ...item, payload: VpnTicketBody, success: VpnTicket }) },
  },
  {
    // Rotates the device agent's credential: the old one stops working, its link is closed.
    rel: "AgentCredential", href: "/api/agents/{publicId}/credential", ...company,
    methods: { POST: endpoint({ rights: ["manage:access-requests"], ...item, success: AgentCredential }) },
  },
  {
    rel: "TunnelSessionList", href: "/api/tunnel-sessions", ...company,
    methods: { GET: endpoint({ rights: ["manage:access-requests"], query: TunnelSessionListQuery, success: Schema.Array(TunnelSession) }) },
  },
  {
    // DELETE disconnects a live session (the stream is reset at once); an ended one stays as it is.
    rel: "TunnelSession", href: "/api/tunnel-sessions/{publicId}", ...company,
    methods: { DELETE: endpoint({ rights: ["manage:access-requests"], ...item, success: TunnelSession }) },
  },
  { rel: "VpnClientReleaseFeed", href: "/api/vpn-client/releases", methods: { GET: get(VpnClientReleaseFeed) }, ...open },
  // The local VPN client program itself (one file, run with Node): the feed's downloadUrl.
  { rel: "VpnClientDownload", href: "/api/vpn-client/download", methods: { GET: endpoint({ rights: [], success: NoData, raw: true }) }, ...open },
  { rel: "OutboxMessageList", href: "/api/outbox-messages", methods: { GET: get(Schema.Array(OutboxMessage), ["use:audit-logs"]) }, ...company },
  // Users and invites (issue 11). Every change of a member is checked by rules/administrators.ts.
  {
    rel: "UserList", href: "/api/users", ...company,
    // Also for group managers: the group member picker searches the company's people here.
    methods: { GET: endpoint({ rights: ["invite:user", "manage:groups"], query: UserListQuery, success: Schema.Array(CompanyUser) }) },
  },
  {
    rel: "User", href: "/api/users/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: ["invite:user"], ...item, success: CompanyUser }),
      PATCH: endpoint({ rights: ["invite:user"], ...item, payload: UserPatchBody, success: CompanyUser }),
      DELETE: endpoint({ rights: ["invite:user"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    rel: "InviteList", href: "/api/invites", ...company,
    methods: {
      GET: endpoint({ rights: ["invite:user"], success: Schema.Array(PendingInvite) }),
      POST: endpoint({ rights: ["invite:user"], payload: InviteBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "Invite", href: "/api/invites/{publicId}", ...company,
    methods: { DELETE: endpoint({ rights: ["invite:user"], ...item, success: Schema.Struct({ publicId: Schema.String }) }) },
  },
  {
    // A new link (token) for the invite, mailed again; the old link stops working.
    rel: "InviteResend", href: "/api/invites/{publicId}/resend", ...company,
    methods: { POST: endpoint({ rights: ["invite:user"], ...item, success: PendingInvite }) },
  },
  {
    // The accept page: GET what the link is for; POST accepts it with a new account.
    rel: "InviteFinish", href: "/api/finish-invite", ...open,
    methods: {
      GET: endpoint({ rights: [], query: InviteTokenQuery, success: InviteLinkInfo }),
      POST: endpoint({ rights: [], payload: InviteFinishBody, success: Schema.Struct({ publicId: Schema.String, company: Schema.Struct({ publicId: Schema.String }) }) }),
    },
  },
  {
    // A signed-in user accepts an invite link addressed to their own e-mail.
    rel: "MyInviteFinish", href: "/api/my-invites/finish", ...session,
    methods: { POST: endpoint({ rights: [], payload: MyInviteAcceptBody, success: Schema.Struct({ publicId: Schema.String, company: Schema.Struct({ publicId: Schema.String }) }) }) },
  },
  { rel: "MyInviteList", href: "/api/my-invites", methods: { GET: get(Schema.Array(MyInvite)) }, ...session },
  {
    rel: "MyInvite", href: "/api/my-invites/{publicId}", ...session,
    methods: { DELETE: endpoint({ rights: [], ...item, success: Schema.Struct({ publicId: Schema.String }) }) },
  },
  {
    rel: "MyInviteAcceptance", href: "/api/my-invites/{publicId}/acceptance", ...session,
    methods: { POST: endpoint({ rights: [], ...item, payload: MyInviteAcceptBody, success: Schema.Struct({ publicId: Schema.String, company: Schema.Struct({ publicId: Schema.String }) }) }) },
  },
  // Roles and access categories (issue 11). Those who invite people read both lists to pick one.
  {
    rel: "RoleList", href: "/api/roles", ...company,
    methods: {
      GET: get(Schema.Array(Role), ["manage:roles", "invite:user"]),
      POST: endpoint({ rights: ["manage:roles"], payload: RoleBody, success: PublicIdRefs }),
    },
  },
  {
    rel: "Role", href: "/api/roles/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:roles", "invite:user"], ...item, success: Role }),
      PATCH: endpoint({ rights: ["manage:roles"], ...item, payload: RoleBody, success: Role }),
      DELETE: endpoint({ rights: ["manage:roles"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    rel: "AudienceList", href: "/api/audiences", ...company,
    methods: {
      GET: get(Schema.Array(Audience), ["manage:roles", "invite:user"]),
      POST: endpoint({ rights: ["manage:roles"], payload: AudienceBody, success: PublicIdRefs }),
    },
  },
  {
    rel: "Audience", href: "/api/audiences/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:roles", "invite:user"], ...item, success: Audience }),
      PATCH: endpoint({ rights: ["manage:roles"], ...item, payload: AudienceBody, success: Audience }),
      DELETE: endpoint({ rights: ["manage:roles"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    // Spec 7 "Audience default": POST makes it the company's one default, DELETE unsets it.
    rel: "AudienceDefault", href: "/api/audiences/{publicId}/default", ...company,
    methods: {
      POST: endpoint({ rights: ["manage:roles"], ...item, success: Audience }),
      DELETE: endpoint({ rights: ["manage:roles"], ...item, success: Audience }),
    },
  },
  {
    // The access category of a member (all their memberships in the company) and of a device
    // (issue 11): who sees which devices (rules/accessCategories.ts). Administrators (manage:roles) set them.
    rel: "UserAudience", href: "/api/users/{publicId}/audience", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:roles", "invite:user"], ...item, success: AudienceAssignment }),
      PATCH: endpoint({ rights: ["manage:roles"], ...item, payload: AudienceAssignmentBody, success: AudienceAssignment }),
    },
  },
  {
    rel: "AgentAudience", href: "/api/agents/{publicId}/audience", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:roles"], ...item, success: AudienceAssignment }),
      PATCH: endpoint({ rights: ["manage:roles"], ...item, payload: AudienceAssignmentBody, success: AudienceAssignment }),
    },
  },

  // MQTT broker clients (issue 12): list resource with bulk calls (api.md), item resource, and a
  // connection test that really connects with the settings of the form.
  {
    rel: "MqttBrokerList", href: "/api/mqtt-brokers", ...company,
    methods: {
      GET: get(Schema.Array(MqttBroker), ["manage:mqtt-brokers"]),
      POST: endpoint({ rights: ["manage:mqtt-brokers"], payload: MqttBrokerBody, bulk: true, success: PublicIdRefs }),
      PATCH: endpoint({ rights: ["manage:mqtt-brokers"], payload: MqttBrokerBulkBody, bulk: true, success: Schema.Array(MqttBroker) }),
      DELETE: endpoint({ rights: ["manage:mqtt-brokers"], payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "MqttBroker", href: "/api/mqtt-brokers/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:mqtt-brokers"], ...item, success: MqttBroker }),
      PATCH: endpoint({ rights: ["manage:mqtt-brokers"], ...item, payload: MqttBrokerBody, success: MqttBroker }),
      DELETE: endpoint({ rights: ["manage:mqtt-brokers"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    rel: "MqttConnectionTest", href: "/api/mqtt-connection-tests", ...company,
    methods: { POST: endpoint({ rights: ["manage:mqtt-brokers"], payload: MqttConnectionTestBody, success: MqttConnectionTestResult }) },
  },

  // My account (issue 11): e-mail change, my tokens and trusted devices, password recovery.
  {
    // Sends a confirmation link to the new address; the address changes only when it is followed.
    rel: "MyEmailChange", href: "/api/my-user/email-change", ...session,
    methods: { POST: endpoint({ rights: [], payload: EmailChangeBody, success: Schema.Struct({ pendingEmail: Schema.String }) }) },
  },
  {
    // The link of the confirmation mail: single use, 24 hours; needs no session (another browser).
    rel: "EmailConfirmation", href: "/api/email-confirmations", ...open,
    methods: { POST: endpoint({ rights: [], payload: MailTokenBody, success: Schema.Struct({ email: Schema.String }) }) },
  },
  { rel: "MyAccessTokenList", href: "/api/my-access-tokens", methods: { GET: get(Schema.Array(MyAccessTokenView)) }, ...session },
  { rel: "MyTrustedDeviceList", href: "/api/my-trusted-devices", methods: { GET: get(Schema.Array(TrustedDevice)) }, ...session },
  {
    rel: "MyTrustedDevice", href: "/api/my-trusted-devices/{publicId}", ...session,
    methods: { DELETE: endpoint({ rights: [], ...item, success: Schema.Struct({ publicId: Schema.String }) }) },
  },
  {
    // The same answer whether the address has an account or not (no account enumeration).
    rel: "PasswordResetRequestList", href: "/api/password-reset-requests", ...open,
    methods: { POST: endpoint({ rights: [], payload: PasswordResetRequestBody, success: Schema.Struct({ sent: Schema.Boolean }) }) },
  },
  {
    // The link of the reset mail: single use, 1 hour; ends every session of the user.
    rel: "PasswordReset", href: "/api/password-resets", ...open,
    methods: { POST: endpoint({ rights: [], payload: PasswordResetBody, success: Schema.Struct({ reset: Schema.Boolean }) }) },
  },

  // Custom fields (issue 12; spec 7 "Entity lists"): company custom properties have POST, PATCH
  // and DELETE (list and item) but no GET of their own; the global list (the platform's global
  // properties and the company's) is what everyone reads. Values per device and asset.
  {
    rel: "CustomPropertyList", href: "/api/custom-properties", ...company,
    methods: {
      GET: endpoint({
        rights: [], success: Schema.Array(CustomProperty),
        summary: "The global list: the platform's global custom properties and the company's, in form order. "
          + "The Devices and Assets lists filter on a field's value with the column customFields.<publicId>, e.g. eq(customFields.AbC123xyz789,North).",
      }),
    },
  },
  {
    rel: "CompanyCustomPropertyList", href: "/api/company-custom-properties", ...company,
    methods: {
      POST: endpoint({ rights: ["manage:custom-fields"], payload: CustomPropertyBody, bulk: true, success: PublicIdRefs }),
      PATCH: endpoint({ rights: ["manage:custom-fields"], payload: CustomPropertyBulkBody, bulk: true, success: Schema.Array(CustomProperty) }),
      DELETE: endpoint({ rights: ["manage:custom-fields"], payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "CompanyCustomProperty", href: "/api/company-custom-properties/{publicId}", ...company,
    methods: {
      PATCH: endpoint({ rights: ["manage:custom-fields"], ...item, payload: CustomPropertyBody, success: CustomProperty }),
      DELETE: endpoint({ rights: ["manage:custom-fields"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    // Who sees a device reads its values; who manages custom fields or the device's access writes them.
    rel: "AgentCustomFieldValues", href: "/api/agents/{publicId}/custom-field-values", ...company,
    methods: {
      GET: endpoint({ rights: [...DEVICE_READERS], ...item, success: CustomFieldValues }),
      PUT: endpoint({
        rights: ["manage:custom-fields", "manage:access-requests"], ...item, payload: CustomFieldValuesBody, success: CustomFieldValues,
        summary: "Replaces the device's custom field values (every field of devices; a field left out or null has no value).",
      }),
    },
  },
  {
    rel: "AssetCustomFieldValues", href: "/api/assets/{publicId}/custom-field-values", ...company,
    methods: {
      GET: endpoint({ rights: [...DEVICE_READERS], ...item, success: CustomFieldValues }),
      PUT: endpoint({ rights: ["manage:custom-fields", "manage:access-requests"], ...item, payload: CustomFieldValuesBody, success: CustomFieldValues }),
    },
  },
  // Self sign-up (issue 11): only in a sector that allows it; no answer tells whether an address has an account.
  {
    rel: "Registration", href: "/api/registrations", ...open,
    methods: {
      // Whether the host's sector takes registrations (the sign-in page links to /register only then).
      GET: get(RegistrationAllowed),
      POST: endpoint({ rights: [], payload: RegistrationBody, success: Schema.Struct({ sent: Schema.Boolean }) }),
    },
  },
  {
    // The link of the registration mail: single use, 24 hours; the account can sign in afterwards.
    rel: "RegistrationConfirmation", href: "/api/registration-confirmations", ...open,
    methods: { POST: endpoint({ rights: [], payload: MailTokenBody, success: Schema.Struct({ email: Schema.String }) }) },
  },
  // My messages (issue 11): notices of access decisions, invites and expiring access.
  {
    rel: "MyMessageList", href: "/api/my-messages", ...session,
    methods: {
      GET: get(Schema.Array(Message)),
      PATCH: endpoint({ rights: [], payload: MessageBulkPatchBody, bulk: true, success: Schema.Array(Message) }),
    },
  },
  { rel: "MyMessageUnreadCount", href: "/api/my-messages/unread-count", methods: { GET: get(UnreadCount) }, ...session },
  {
    rel: "MyMessage", href: "/api/my-messages/{publicId}", ...session,
    methods: { PATCH: endpoint({ rights: [], ...item, payload: MessagePatchBody, success: Message }) },
  },
  // Privacy statement and terms in the reader's language (spec 2 and 3). The sector's privacy
  // statement is open (the registration page links to it); the my-company ones follow Api-Company.
  { rel: "PrivacyStatement", href: "/api/privacy-statement", methods: { GET: endpoint({ rights: [], query: PolicyQuery, success: MaybePolicyText }) }, ...open },
  { rel: "MyCompanyPrivacyStatement", href: "/api/my-company/privacy-statement", methods: { GET: endpoint({ rights: [], query: PolicyQuery, success: MaybePolicyText }) }, ...company },
  { rel: "MyCompanyTermsOfUse", href: "/api/my-company/terms-of-use", methods: { GET: endpoint({ rights: [], query: PolicyQuery, success: MaybePolicyText }) }, ...company },
  // The builders of the company's own terms of use and privacy statement (issue 12; spec 2 and 6):
  // its versions, newest first, and publishing a new one (sanitised HTML; new terms must be accepted again).
  {
    rel: "CompanyTermsOfUsePolicyList", href: "/api/my-company/terms-of-use-policies", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:custom-terms-of-use"], success: PolicyBuilderView, summary: "The company's own terms of use versions (newest first, at most 50) and whose terms apply." }),
      POST: endpoint({
        rights: ["manage:custom-terms-of-use"], payload: TermsPublishBody, success: PolicyVersion,
        summary: "Publishes a new version of the company's terms of use; while the company's own terms apply, every user must accept it.",
      }),
    },
  },
  {
    rel: "CompanyTermsOfUseSource", href: "/api/my-company/terms-of-use-source", ...company,
    methods: { PATCH: endpoint({ rights: ["manage:custom-terms-of-use"], payload: TermsSourceBody, success: PolicyBuilderView, summary: "Whose terms apply: the company's own or the sector's." }) },
  },
  {
    rel: "CompanyPrivacyStatementList", href: "/api/my-company/privacy-statements", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:custom-privacy-statement"], success: PolicyBuilderView }),
      POST: endpoint({ rights: ["manage:custom-privacy-statement"], payload: PolicyPublishBody, success: PolicyVersion }),
    },
  },
  // Identity and branding (issue 12): the selected company's identity, edited by manage:branding;
  // every signed-in member's app follows through the event stream (BRANDING_CHANGED_EVENT).
  {
    rel: "CompanyIdentity", href: "/api/company-identity", ...company,
    methods: {
      GET: get(CompanyIdentity, ["manage:branding"]),
      PATCH: endpoint({
        rights: ["manage:branding"], payload: IdentityBody, success: CompanyIdentity,
        summary: "Changes the identity; images are files as base64, judged by their content (PNG, JPEG, GIF, WebP; 1 MiB at most: 413; other content: 415).",
      }),
    },
  },
  {
    // The images of brandings, public like the sign-in page that shows them. `{file}` is
    // `<publicId>.png`; a new upload gets a new publicId, so an answer is cached for good.
    rel: "BrandingImage", href: "/api/branding-images/{file}", ...open,
    methods: { GET: endpoint({ rights: [], params: Schema.Struct({ file: Schema.String }), success: NoData, raw: true, summary: "An image (image/png), cached immutably" }) },
  },
  {
    // Company menu items (spec 3 and 7): an ordered list; upsert is POST (new) plus PATCH (existing).
    rel: "MenuItemList", href: "/api/menu-items", ...company,
    methods: {
      GET: get(Schema.Array(MenuItem)),
      POST: endpoint({ rights: ["manage:branding"], payload: MenuItemBody, bulk: true, success: PublicIdRefs }),
      PATCH: endpoint({ rights: ["manage:branding"], payload: MenuItemBulkBody, bulk: true, success: Schema.Array(MenuItem) }),
      DELETE: endpoint({ rights: ["manage:branding"], payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  { rel: "MenuItem", href: "/api/menu-items/{publicId}", methods: { GET: endpoint({ rights: [], ...item, success: MenuItem }) }, ...company },

  // Pages (issue 13; spec 4 and 7): report templates and dashboard pages with a draft and a
  // published version (rules/pages.ts). Any member reads them; manage:pages writes them.
  {
    rel: "PageList", href: "/api/pages", ...company,
    methods: {
      GET: get(Schema.Array(Page)),
      POST: endpoint({ rights: ["manage:pages"], payload: PageCreateBody, success: PublicIdRefs, summary: "Creates a page with an empty draft (period 'today' unless given)." }),
    },
  },
  {
    rel: "Page", href: "/api/pages/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: [], ...item, success: Page }),
      PATCH: endpoint({ rights: ["manage:pages"], ...item, payload: PagePatchBody, success: Page, summary: "Replaces the content of the draft and/or the published version." }),
      DELETE: endpoint({ rights: ["manage:pages"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    rel: "PageDraft", href: "/api/pages/{publicId}/draft", ...company,
    methods: {
      POST: endpoint({ rights: ["manage:pages"], ...item, success: PageVersion, summary: "Ensures a draft (spec 4) and answers it." }),
      DELETE: endpoint({ rights: ["manage:pages"], ...item, success: Page, summary: "Discards the draft; 409 'Page has no draft version' without one." }),
    },
  },
  {
    rel: "PagePublish", href: "/api/pages/{publicId}/publication", ...company,
    methods: { POST: endpoint({ rights: ["manage:pages"], ...item, success: Page, summary: "Publishes the draft; 409 'Page has no draft version' without one." }) },
  },
  {
    rel: "PageDuplicate", href: "/api/pages/{publicId}/duplicate", ...company,
    methods: { POST: endpoint({ rights: ["manage:pages"], ...item, success: Page, summary: "Copies a published page; 409 'No published page' otherwise." }) },
  },
  {
    rel: "PageDefault", href: "/api/pages/{publicId}/default", ...company,
    methods: { POST: endpoint({ rights: ["manage:pages"], ...item, success: Page, summary: "Makes this the company's default page of its kind." }) },
  },
  {
    rel: "PageExport", href: "/api/pages/{publicId}/export", ...company,
    methods: { GET: endpoint({ rights: ["manage:pages"], ...item, success: PageFile, summary: "The page's export file (its published version, else its draft)." }) },
  },
  {
    rel: "PageImportList", href: "/api/page-imports", ...company,
    methods: { POST: endpoint({ rights: ["manage:pages"], payload: PageImportBody, success: PublicIdRefs, summary: "Creates a published page from an export file; a bad file is refused with the reason." }) },
  },
  {
    // The pages a device or an asset shows: the company's published pages (clients ask page-size 4000).
    rel: "AgentPageList", href: "/api/agents/{publicId}/pages", ...company,
    methods: { GET: endpoint({ rights: [...DEVICE_READERS, "manage:pages"], ...item, success: Schema.Array(Page) }) },
  },
  {
    rel: "AssetPageList", href: "/api/assets/{publicId}/pages", ...company,
    methods: { GET: endpoint({ rights: [...DEVICE_READERS, "manage:pages"], ...item, success: Schema.Array(Page) }) },
  },
  // Licences (issue 12; spec 7 "Agents, licences, apps"): types, the company's bundles, what a
  // device holds, activations by trial / licence / coupon and their deactivation.
  { rel: "LicenceTypeList", href: "/api/licence-types", ...session, methods: { GET: get(Schema.Array(LicenceType)) } },
  { rel: "LicenceBundleList", href: "/api/licence-bundles", ...company, methods: { GET: get(Schema.Array(LicenceBundle), ["manage:licences"]) } },
  {
    rel: "LicenceBundleExtension", href: "/api/licence-bundles/{publicId}/extend", ...company,
    methods: { POST: endpoint({ rights: ["manage:licences"], ...item, success: LicenceBundle, summary: "Adds the licence type's period to the later of now and the bundle's expiry." }) },
  },
  {
    // The Licences screen: every device of the company the caller sees, with what it holds and until when.
    rel: "AgentLicenceList", href: "/api/agent-licences", ...company,
    methods: { GET: get(Schema.Array(AgentLicenceState), ["manage:licences"]) },
  },
  {
    rel: "AgentLicences", href: "/api/agents/{publicId}/licences", ...company,
    methods: { GET: endpoint({ rights: [...DEVICE_READERS, "manage:licences"], ...item, success: AgentLicenceState }) },
  },
  {
    rel: "AlarmingActivationList", href: "/api/alarming-activations", ...company,
    methods: {
      POST: endpoint({
        rights: ["manage:licences"], payload: ActivationPayload, bulk: true, success: Schema.Array(AgentLicenceState),
        summary: "Activates alarming on each device by exactly one of trial, licence or couponCode (a coupon is used once).",
      }),
    },
  },
  { rel: "AgentAlarming", href: "/api/agents/{publicId}/alarming", ...company, methods: { DELETE: endpoint({ rights: ["manage:licences"], ...item, success: AgentLicenceState }) } },
  {
    rel: "LoggingActivationList", href: "/api/logging-activations", ...company,
    methods: {
      POST: endpoint({
        rights: ["manage:licences"], payload: ActivationPayload, bulk: true, success: Schema.Array(AgentLicenceState),
        summary: "Activates logging on each device by exactly one of trial, licence or couponCode (a coupon is used once).",
      }),
    },
  },
  { rel: "AgentLogging", href: "/api/agents/{publicId}/logging", ...company, methods: { DELETE: endpoint({ rights: ["manage:licences"], ...item, success: AgentLicenceState }) } },
  {
    rel: "AgentBundleActivationList", href: "/api/agent-bundle-activations", ...company,
    methods: { POST: endpoint({ rights: ["manage:licences"], payload: BundleActivationPayload, bulk: true, success: Schema.Array(AgentLicenceState) }) },
  },
  {
    rel: "AgentLicenceBundleList", href: "/api/agents/{publicId}/licence-bundles", ...company,
    methods: { DELETE: endpoint({ rights: ["manage:licences"], ...item, payload: PublicIdBody, bulk: true, success: AgentLicenceState }) },
  },
  // Apps (issue 12): the catalogue as the company sees it, install / uninstall, configuration.
  { rel: "AppList", href: "/api/apps", ...company, methods: { GET: get(Schema.Array(App), ["manage:apps"]) } },
  {
    rel: "AppInstallation", href: "/api/apps/{publicId}/install", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:apps"], ...item, success: AppInstall }),
      POST: endpoint({ rights: ["manage:apps"], ...item, success: App }),
      DELETE: endpoint({ rights: ["manage:apps"], ...item, success: App }),
    },
  },
  {
    rel: "AppConfig", href: "/api/apps/{publicId}/config", ...company,
    methods: {
      PATCH: endpoint({
        rights: ["manage:apps"], ...item, payload: AppConfigBody, success: App,
        summary: "Replaces the configuration of an installed app; it must satisfy the app's JSON Schema (400 naming the field otherwise).",
      }),
    },
  },
  // Administrator-only tools (spec 2): platform administrators only, across companies.
  {
    rel: "AdminLicenceBundleList", href: "/api/admin/licence-bundles", ...session,
    methods: {
      GET: endpoint({ rights: [], platformAdmin: true, success: Schema.Array(LicenceBundle) }),
      POST: endpoint({ rights: [], platformAdmin: true, payload: AdminBundleBody, bulk: true, success: PublicIdRefs }),
      PATCH: endpoint({ rights: [], platformAdmin: true, payload: AdminBundlePatchBody, bulk: true, success: Schema.Array(LicenceBundle) }),
      DELETE: endpoint({ rights: [], platformAdmin: true, payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "AdminCompanyTrialList", href: "/api/admin/company-trials", ...session,
    methods: {
      GET: endpoint({ rights: [], platformAdmin: true, success: Schema.Array(CompanyTrial) }),
      PATCH: endpoint({ rights: [], platformAdmin: true, payload: AdminTrialPatchBody, bulk: true, success: Schema.Array(CompanyTrial) }),
    },
  },
  {
    rel: "AdminCouponList", href: "/api/admin/coupons", ...session,
    methods: {
      GET: endpoint({ rights: [], platformAdmin: true, success: Schema.Array(AdminCouponView) }),
      POST: endpoint({ rights: [], platformAdmin: true, payload: AdminCouponBody, bulk: true, success: Schema.Array(AdminCouponView) }),
    },
  },
  {
    rel: "AdminBackupCodeResend", href: "/api/admin/backup-code-resends", ...session,
    methods: { POST: endpoint({ rights: [], platformAdmin: true, payload: AdminBackupCodeResendBody, success: Schema.Struct({ sent: Schema.Boolean }) }) },
  },
  {
    rel: "AdminDemoDeviceExpiryList", href: "/api/admin/demo-device-expiries", ...session,
    methods: {
      GET: endpoint({ rights: [], platformAdmin: true, success: Schema.Array(DemoDeviceExpiry) }),
      PATCH: endpoint({ rights: [], platformAdmin: true, payload: DemoExpiryPatchBody, bulk: true, success: Schema.Array(DemoDeviceExpiry) }),
    },
  },
  // Platform servers, router screensavers and backend component templates (issue 13; spec 2, 3, 7).
  // Platform servers are assigned by platform administrators; every member reads the company's.
  {
    rel: "MyCompanyPlatformServerList", href: "/api/my-company/platform-servers", ...company,
    methods: { GET: endpoint({ rights: [], success: Schema.Array(PlatformServer), summary: "The company's platform servers; filter e.g. in(type,mdr,rsc)." }) },
  },
  {
    rel: "AdminPlatformServerList", href: "/api/admin/platform-servers", ...session,
    methods: {
      GET: endpoint({ rights: [], platformAdmin: true, success: Schema.Array(AdminPlatformServer) }),
      POST: endpoint({ rights: [], platformAdmin: true, payload: AdminPlatformServerBody, bulk: true, success: PublicIdRefs, summary: "Assigns platform servers to companies (vpnRange: a CIDR network)." }),
      PATCH: endpoint({
        rights: [], platformAdmin: true, payload: AdminPlatformServerPatchBody, bulk: true, success: Schema.Array(AdminPlatformServer),
        summary: "Changes assigned servers (name, location, type, vpnRange, company); the server as changed is judged like a new one.",
      }),
      DELETE: endpoint({ rights: [], platformAdmin: true, payload: PublicIdBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "RouterScreensaverList", href: "/api/router-screensavers", ...company,
    methods: {
      GET: get(Schema.Array(RouterScreensaver), ["manage:branding"]),
      POST: endpoint({
        rights: ["manage:branding"], payload: ScreensaverUploadBody, success: RouterScreensaver,
        summary: "Uploads an image (base64; PNG, JPEG, GIF or WebP by content; 1 MiB at most: 413; other content: 415), stored as a PNG fitted into 1024x600.",
      }),
    },
  },
  {
    rel: "RouterScreensaver", href: "/api/router-screensavers/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:branding"], ...item, success: NoData, raw: true, summary: "The image (image/png)." }),
      DELETE: endpoint({ rights: ["manage:branding"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    rel: "BackendTemplateList", href: "/api/backend-templates", ...company,
    methods: {
      GET: get(Schema.Array(BackendTemplate), ["manage:templates"]),
      POST: endpoint({
        rights: ["manage:templates"], payload: BackendTemplateBody, bulk: true, success: PublicIdRefs,
        summary: "Creates templates; 409 'Your company is not fully provisioned' when the company has no mdr platform server.",
      }),
    },
  },
  {
    rel: "BackendTemplate", href: "/api/backend-templates/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:templates"], ...item, success: BackendTemplate }),
      PATCH: endpoint({ rights: ["manage:templates"], ...item, payload: BackendTemplateBody, success: BackendTemplate }),
      DELETE: endpoint({ rights: ["manage:templates"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    rel: "BackendTemplateLogs", href: "/api/backend-templates/{publicId}/logs", ...company,
    methods: { GET: endpoint({ rights: ["manage:templates"], ...item, success: NoData, raw: true, summary: "The log of the company's runner of the template (text/plain, cloud-function.log)." }) },
  },
  {
    rel: "TemplateShareList", href: "/api/template-shares", ...company,
    methods: {
      GET: get(Schema.Array(TemplateShare), ["manage:templates"]),
      POST: endpoint({ rights: ["manage:templates"], payload: TemplateShareBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "TemplateShare", href: "/api/template-shares/{publicId}", ...company,
    methods: {
      PATCH: endpoint({ rights: ["manage:templates"], ...item, payload: TemplateShareBody, success: TemplateShare }),
      DELETE: endpoint({ rights: ["manage:templates"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    rel: "TemplateConfigList", href: "/api/template-configs", ...company,
    methods: {
      GET: endpoint({ rights: ["manage:templates"], success: Schema.Array(TemplateConfig), summary: "Configs of the templates the company sees; filter eq(template.publicId,X): the first is the one used." }),
      POST: endpoint({ rights: ["manage:templates"], payload: TemplateConfigBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "TemplateConfig", href: "/api/template-configs/{publicId}", ...company,
    methods: {
      PATCH: endpoint({ rights: ["manage:templates"], ...item, payload: TemplateConfigBody, success: TemplateConfig }),
      DELETE: endpoint({ rights: ["manage:templates"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  {
    rel: "MessageSubscriptionList", href: "/api/message-subscriptions", ...company,
    methods: {
      GET: get(Schema.Array(MessageSubscription), ["manage:templates"]),
      POST: endpoint({ rights: ["manage:templates"], payload: MessageSubscriptionBody, bulk: true, success: PublicIdRefs }),
    },
  },
  {
    rel: "MessageSubscription", href: "/api/message-subscriptions/{publicId}", ...company,
    methods: {
      PATCH: endpoint({ rights: ["manage:templates"], ...item, payload: MessageSubscriptionBody, success: MessageSubscription }),
      DELETE: endpoint({ rights: ["manage:templates"], ...item, success: Schema.Struct({ publicId: Schema.String }) }),
    },
  },
  // Device components (issue 13): a device's service logbook and documents, and the mail form.
  // The endpoint rights let any device reader in; the handler checks the rights held on the
  // device itself (rules/serviceLogbook.ts: read and add with a device right, delete as the
  // author or with manage access-requests on the device).
  {
    rel: "AgentLogbookEntryList", href: "/api/agents/{publicId}/logbook-entries", ...company,
    methods: {
      GET: endpoint({ rights: [...DEVICE_READERS], ...item, success: Schema.Array(LogbookEntry), summary: "The device's service logbook, newest first." }),
      POST: endpoint({ rights: [...DEVICE_READERS], ...item, payload: LogbookEntryBody, success: LogbookEntry, summary: "Adds an entry (text not blank; optional category)." }),
    },
  },
  {
    rel: "LogbookEntry", href: "/api/logbook-entries/{publicId}", ...company,
    methods: { DELETE: endpoint({ rights: [...DEVICE_READERS], ...item, success: Schema.Struct({ publicId: Schema.String }), summary: "Deletes an entry: its author, or manage access-requests on the device." }) },
  },
  {
    rel: "AgentDocumentList", href: "/api/agents/{publicId}/documents", ...company,
    methods: {
      GET: endpoint({ rights: [...DEVICE_READERS], ...item, success: Schema.Array(DeviceDocument), summary: "The device's documents (metadata), newest first." }),
      POST: endpoint({
        rights: [...DEVICE_READERS], ...item, payload: DocumentUploadBody, success: DeviceDocument,
        summary: "Uploads a document as base64 (10 MiB at most: 413; a type not accepted or content not matching its name: 415; 100 per device: 409).",
      }),
    },
  },
  {
    rel: "Document", href: "/api/documents/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: [...DEVICE_READERS], ...item, success: DeviceDocument }),
      DELETE: endpoint({ rights: [...DEVICE_READERS], ...item, success: Schema.Struct({ publicId: Schema.String }), summary: "Deletes a document: its uploader, or manage access-requests on the device." }),
    },
  },
  {
    rel: "DocumentFile", href: "/api/documents/{publicId}/file", ...company,
    methods: { GET: endpoint({ rights: [...DEVICE_READERS], ...item, success: NoData, raw: true, summary: "The document's bytes, as an attachment under its kept name." }) },
  },
  {
    rel: "AgentMailFormMessageList", href: "/api/agents/{publicId}/mail-form-messages", ...company,
    methods: {
      POST: endpoint({
        rights: [...DEVICE_READERS], ...item, payload: MailFormBody, success: MailFormResult,
        summary: "Mails the message to the recipients configured on the page's mail form component, naming the device; 5 per user per 10 minutes (429).",
      }),
    },
  },
  // Reports (issue 13; spec 3 "Report queue request", spec 7 "Pages"): a page printed to PDF for a
  // period by a background worker. The pages' write right queues, lists, downloads and deletes.
  {
    rel: "ReportList", href: "/api/reports", ...company,
    methods: {
      GET: get(Schema.Array(Report), [...REPORT_RIGHTS]),
      POST: endpoint({ rights: [...REPORT_RIGHTS], payload: ReportQueueBody, success: PublicIdRefs, summary: "Queues a report of a page's draft or published version for a period, a time zone and optionally a device or an asset." }),
    },
  },
  {
    rel: "Report", href: "/api/reports/{publicId}", ...company,
    methods: {
      GET: endpoint({ rights: [...REPORT_RIGHTS], ...item, success: Report }),
      DELETE: endpoint({ rights: [...REPORT_RIGHTS], ...item, success: Schema.Struct({ publicId: Schema.String }), summary: "Deletes the report and its PDF; a queued one is never printed (its job finds no report)." }),
    },
  },
  {
    rel: "ReportFile", href: "/api/reports/{publicId}/file", ...company,
    methods: { GET: endpoint({ rights: [...REPORT_RIGHTS], ...item, success: NoData, raw: true, summary: "The printed PDF (application/pdf); 409 until the report is done." }) },
  },
  {
    // The print page of the web app reads what to print with the worker's single-use render
    // credential (never a user's token): no session, the credential is the authorisation.
    rel: "ReportPrint", href: "/api/report-prints/{publicId}", ...open,
    methods: { POST: endpoint({ rights: [], ...item, payload: ReportPrintBody, success: ReportPrint, summary: "What the print page shows, for the render credential of a running report (usable once)." }) },
  },
  // Device data points (issue 13, data half): what the live page components show. Those who may
  // see the device (device readers) or build pages read them; the device must be visible to them.
  {
    rel: "AgentDataPointList", href: "/api/agents/{publicId}/data-points", ...company,
    methods: { GET: endpoint({ rights: [...DEVICE_READERS, "manage:pages"], ...item, success: Schema.Array(DataPointValue), summary: "The latest value of each data point of the device." }) },
  },
  {
    rel: "AgentDataPointSeries", href: "/api/agents/{publicId}/data-point-series", ...company,
    methods: {
      GET: endpoint({
        rights: [...DEVICE_READERS, "manage:pages"], ...item, query: DataPointSeriesQuery, success: DataPointSeries,
        summary: "A data point over a page period ('today', 'last-7-days'...) or from/to, downsampled into at most `points` buckets (300; 1000 at most).",
      }),
    },
  },
  {
    rel: "AgentDataPointLog", href: "/api/agents/{publicId}/data-point-log", ...company,
    methods: { GET: endpoint({ rights: [...DEVICE_READERS, "manage:pages"], ...item, query: DataPointLogQuery, success: Schema.Array(DataPointChange), summary: "The changes of a data point in a period, newest first (200 at most)." }) },
  },
  {
    rel: "AgentDataPointStates", href: "/api/agents/{publicId}/data-point-states", ...company,
    methods: { GET: endpoint({ rights: [...DEVICE_READERS, "manage:pages"], ...item, query: DataPointLogQuery, success: DataPointStates, summary: "The time share of each value of a data point in a period." }) },
  },
  {
    rel: "DataPointWatch", href: "/api/event-streams/{publicId}/data-point-watches", ...company,
    methods: {
      PUT: endpoint({
        rights: [...DEVICE_READERS, "manage:pages"], ...item, payload: DataPointWatchBody, success: DataPointWatch,
        summary: "The devices whose live data points the caller's event stream {publicId} gets (replaces the set; 20 at most).",
      }),
    },
  },
] as const satisfies ReadonlyArray<RouteSpec>;

export type RouteRel = (typeof ROUTES)[number]["rel"];
type AnyRoute = (typeof ROUTES)[number];
type KeysOf<R> = R extends { readonly rel: infer Rel extends string; readonly methods: infer M } ? `${Rel}.${Extract<keyof M, string>}` : never;

/** "GroupTypeList.POST": one key per endpoint of the table. */
export type EndpointKey = KeysOf<AnyRoute>;

/** The endpoint spec behind a key. */
export type EndpointAt<K extends EndpointKey> = K extends `${infer Rel}.${infer M}`
  ? Extract<AnyRoute, { readonly rel: Rel }>["methods"] extends infer Ms ? M extends keyof Ms ? Ms[M] extends EndpointSpec ? Ms[M] : never : never : never
  : never;

/** The route and endpoint of a key; undefined when the table has none. */
export const endpointOf = (rel: string, method: HttpMethod): { route: RouteSpec; endpoint: EndpointSpec } | undefined =>
  endpointIn(ROUTES, rel, method);

/** The discovery document: every route with the methods it serves. */
export const discoveryLinks = (): ReadonlyArray<DiscoveryLink> =>
  ROUTES.map((r) => ({ rel: r.rel, href: r.href, methods: Object.keys(r.methods) as HttpMethod[] }));
