/**
 * My access requests (issue 9): pending (waiting or scheduled), active and past, with cancel
 * (pending), release early (active) and extend (active: the same approvers are asked for more
 * time, DEFAULT_DURATION unless another offered duration is given). Knows the last status of
 * each of my requests it has seen, which decides whether an event deserves a decision notice.
 */
import type { AccessRequestStatus, DurationOption } from "@portal/core/domain/AccessRequest";
import { DEFAULT_DURATION } from "@portal/core/rules/accessRequestForm";
import { RequestBoxes } from "./RequestBoxes";
import { runRequestAction } from "./requestActions";
import type { RootStore } from "./RootStore";
import { decisionNotice } from "@portal/core/rules/accessRequests";

export type MyBox = "pending" | "active" | "past";
export const MY_BOXES: ReadonlyArray<MyBox> = ["pending", "active", "past"];

export class MyAccessRequestsStore extends RequestBoxes<MyBox> {
  constructor(private readonly rootStore: RootStore) {
    super(rootStore, MY_BOXES, (request) => rootStore.ports.api.accessRequests.mine(request), "my-access-requests");
    // An approver decided on a request of mine: core's decisionNotice (from the status I last saw), then the lists.
    rootStore.events.on("access-request", ({ mine, change, actor, request }) => {
      if (!mine) return;
      if (change === "approved" || change === "rejected" || change === "revoked") {
        const id = request.request.publicId;
        const notice = decisionNotice(this.toldStatus.get(id) ?? this.knownStatus(id), request.request.status, actor?.name ?? request.request.approver?.name ?? "");
        this.toldStatus.set(id, request.request.status);
        if (notice) rootStore.snackbars.show({ message: notice.key, params: { name: notice.name }, timeoutMs: notice.durationMs, key: `decision-${id}` });
      }
      void this.refresh();
    });
  }

  /**
   * Per request: the status it had when a list first showed it, or the last decision told. A
   * decision is told when it differs from this. The lists' current status would not do: a refresh
   * (another event's, or an action's) that lands after the decision and before its event already
   * shows the new status, and the notice was lost (the likely cause of a revoke notice missing once in
   * CI, right after an extend).
   */
  private readonly toldStatus = new Map<string, AccessRequestStatus>();

  protected override shown(rows: ReadonlyArray<{ readonly request: { readonly publicId: string; readonly status: AccessRequestStatus } }>): void {
    for (const { request } of rows) if (!this.toldStatus.has(request.publicId)) this.toldStatus.set(request.publicId, request.status);
  }

  /** The status I last saw a request of mine in; undefined when never shown. */
  knownStatus(publicId: string): AccessRequestStatus | undefined {
    return this.all().find((m) => m.request.publicId === publicId)?.request.status;
  }

  cancel(publicId: string): Promise<boolean> {
    return runRequestAction(this.rootStore, this, publicId, this.rootStore.ports.api.accessRequests.act(publicId, "cancel"), "ACCESS_REQUEST_CANCELLED");
  }

  release(publicId: string): Promise<boolean> {
    return runRequestAction(this.rootStore, this, publicId, this.rootStore.ports.api.accessRequests.act(publicId, "release"), "ACCESS_RELEASED");
  }

  extend(publicId: string, duration: DurationOption = DEFAULT_DURATION): Promise<boolean> {
    return runRequestAction(this.rootStore, this, publicId, this.rootStore.ports.api.accessRequests.extend(publicId, duration), "ACCESS_EXTENSION_REQUESTED");
  }
}
