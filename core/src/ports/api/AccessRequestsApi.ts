import type { Effect } from "effect";
import type { AccessRequestPayload, Approver, DurationOption, MyAccessRequest } from "../../domain/AccessRequest";
import type { AgentView, Asset, DeviceGroup } from "../../domain/Device";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** The Devices list's own query (wire/payloads.ts AgentListQuery). */
export interface AgentListRequest extends ListRequest {
  /** Part of the name, case- and accent-insensitive. */
  readonly search?: string;
  readonly online?: boolean;
  /** A group's publicId. */
  readonly group?: string;
}

/** Which requests a list shows (wire/payloads.ts AccessRequestListQuery). */
export type AccessRequestBox = "pending" | "active" | "past" | "history";

export interface AccessRequestListRequest extends ListRequest {
  readonly box?: AccessRequestBox;
}

/** The state changes of a request, by the route that makes each (core's ROUTES). */
export type AccessRequestAction = "approve" | "reject" | "revoke" | "cancel" | "release";

/** Devices a user can request access to, their approvers, and the requests themselves. */
export interface AccessRequestsApi {
  /** A page of agents with my access at a glance. Fails with a CallError. */
  readonly agents: (request?: AgentListRequest) => Effect.Effect<ListPage<AgentView>, CallError>;
  /** One agent with the fields of spec.md section 3. Fails with NotFound or a CallError. */
  readonly agent: (publicId: string) => Effect.Effect<AgentView, CallError | NotFound>;
  /** Assets by id list (a `filters` of `in(publicId,…)`), or all. Fails with a CallError. */
  readonly assets: (request?: ListRequest) => Effect.Effect<ListPage<Asset>, CallError>;
  /** The groups holding a device I can see, by name: the Devices screen's group filter. Fails with a CallError. */
  readonly deviceGroups: () => Effect.Effect<ReadonlyArray<DeviceGroup>, CallError>;
  /**
   * Try again on a device whose OpenVPN configuration the system stopped retrying (a hard rate
   * limit): answers the agent with no limit in force. Fails with Conflict (RATE_LIMIT_NOT_STOPPED:
   * still retrying, or no limit), NotFound or a CallError.
   */
  readonly tryAgain: (agentPublicId: string) => Effect.Effect<AgentView, CallError | NotFound | Conflict>;
  /** Who may approve requests for an agent (name), sorted by name. Fails with NotFound or a CallError. */
  readonly approvers: (agentPublicId: string) => Effect.Effect<ReadonlyArray<Approver>, CallError | NotFound>;
  /**
   * Sends a request for an agent (payload built by buildAccessRequestPayload). Fails with
   * InvalidInput (a missing field, an approver not allowed), NotFound, Conflict (no approvers,
   * an overlapping request) or a CallError.
   */
  readonly create: (agentPublicId: string, payload: AccessRequestPayload) => Effect.Effect<Created, CallError | NotFound | Conflict>;
  /** A page of my own requests, with their agent or asset. Fails with a CallError. */
  readonly mine: (request?: AccessRequestListRequest) => Effect.Effect<ListPage<MyAccessRequest>, CallError>;
  /** A page of the requests I may decide or revoke (approver). Fails with a CallError. */
  readonly inbox: (request?: AccessRequestListRequest) => Effect.Effect<ListPage<MyAccessRequest>, CallError>;
  /** One request I sent or may decide. Fails with NotFound or a CallError. */
  readonly request: (publicId: string) => Effect.Effect<MyAccessRequest, CallError | NotFound>;
  /**
   * Changes a request's state; answers it as it now is. Fails with Forbidden (not mine to do),
   * Conflict (already decided, ended), NotFound or a CallError.
   */
  readonly act: (publicId: string, action: AccessRequestAction, comment?: string) => Effect.Effect<MyAccessRequest, CallError | NotFound | Conflict>;
  /** Asks the same approvers for more time on my approved request; answers the new pending request. */
  readonly extend: (publicId: string, duration: DurationOption) => Effect.Effect<MyAccessRequest, CallError | NotFound | Conflict>;
}
