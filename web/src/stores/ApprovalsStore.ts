/**
 * An approver's view (issue 9): the inbox of pending requests addressed to me, the active grants
 * on my devices (Revoke) and the history; approve or reject with an optional comment. Two
 * approvers deciding at once: the second is told the server's sentence and the lists are loaded
 * again. Also one request's page (/access-requests/:publicId, the e-mail link's target).
 */
import { makeObservable, observable, observableRef, runInAction } from "mobx";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import type { AccessRequestAction } from "@portal/core/ports/api/AccessRequestsApi";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import { RequestBoxes } from "./RequestBoxes";
import { runRequestAction } from "./requestActions";
import type { RootStore } from "./RootStore";

export type ApprovalBox = "pending" | "active" | "history";
export const APPROVAL_BOXES: ReadonlyArray<ApprovalBox> = ["pending", "active", "history"];

const DONE: Record<Exclude<AccessRequestAction, "cancel" | "release">, string> = {
  approve: "YOU_APPROVED_THE_ACCESS_REQUEST",
  reject: "YOU_REJECTED_THE_ACCESS_REQUEST",
  revoke: "YOU_REVOKED_THE_ACCESS",
};

export class ApprovalsStore extends RequestBoxes<ApprovalBox> {
  /** The request of the open request page. */
  detail: MyAccessRequest | null = null;
  detailState: GateState = "idle";

  constructor(private readonly rootStore: RootStore) {
    super(rootStore, APPROVAL_BOXES, (request) => rootStore.ports.api.accessRequests.inbox(request), "approvals");
    makeObservable(this, { detail: observableRef, detailState: observable });
    rootStore.events.on("access-request", ({ mine, request }) => void ((!mine || this.detail?.request.publicId === request.request.publicId) && this.refresh()));
  }

  /** Approves, rejects or revokes; a comment of only blanks is left out. */
  decide(publicId: string, action: "approve" | "reject" | "revoke", comment?: string): Promise<boolean> {
    return runRequestAction(this.rootStore, this, publicId, this.rootStore.ports.api.accessRequests.act(publicId, action, comment), DONE[action]);
  }

  /** Loads one request for its page (mine or one I may decide). */
  async openDetail(publicId: string): Promise<void> {
    runInAction(() => {
      if (this.detail?.request.publicId !== publicId) this.detail = null;
      this.detailState = "pending";
    });
    const result = await this.rootStore.run(this.rootStore.ports.api.accessRequests.request(publicId));
    runInAction(() => {
      if (result._tag === "Success") {
        this.detail = result.success;
        this.detailState = "ready";
      } else {
        this.detailState = "failed";
        notifyFailure(this.rootStore.snackbars, result.failure, "other", "access-request");
      }
    });
  }

  /** Boxes and the open request page again. */
  override async refresh(): Promise<void> {
    await Promise.all([super.refresh(), this.detail ? this.openDetail(this.detail.request.publicId) : Promise.resolve()]);
  }
}
