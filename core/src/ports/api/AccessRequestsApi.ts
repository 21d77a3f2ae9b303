import type { Effect } from "effect";
import type { AccessRequestPayload, Approver, MyAccessRequest } from "../../domain/AccessRequest";
import type { Agent } from "../../domain/Agent";
import type { NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** Devices a user can request access to, their approvers, and the requests themselves. */
export interface AccessRequestsApi {
  /** A page of active agents with my scheduled requests. Fails with a CallError. */
  readonly agents: (request?: ListRequest) => Effect.Effect<ListPage<Agent>, CallError>;
  /** One agent with the fields of spec.md section 3. Fails with NotFound or a CallError. */
  readonly agent: (publicId: string) => Effect.Effect<Agent, CallError | NotFound>;
  /** Who may approve requests for an agent (name), sorted by name. Fails with NotFound or a CallError. */
  readonly approvers: (agentPublicId: string) => Effect.Effect<ReadonlyArray<Approver>, CallError | NotFound>;
  /**
   * Sends a request for an agent (payload built by buildAccessRequestPayload). Fails with
   * InvalidInput (a missing field, an approver not allowed), NotFound or a CallError.
   */
  readonly create: (agentPublicId: string, payload: AccessRequestPayload) => Effect.Effect<Created, CallError | NotFound>;
  /** A page of my own requests, with their agent or asset. Fails with a CallError. */
  readonly mine: (request?: ListRequest) => Effect.Effect<ListPage<MyAccessRequest>, CallError>;
}
