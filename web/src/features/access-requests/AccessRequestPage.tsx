import { Button, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { DecisionButtons } from "./ApprovalsPage";
import { MyRequestButtons } from "./MyAccessRequestsPage";
import { RequestList } from "./RequestList";
import { ApprovalsStore } from "../../stores/ApprovalsStore";
import { MyAccessRequestsStore } from "../../stores/MyAccessRequestsStore";

/**
 * /access-requests/:publicId: one request (the target of the approvers' e-mail link; sign-in
 * returns here). The requester gets cancel / release / extend, an approver approve / reject / revoke.
 */
export const AccessRequestPage = observer(function AccessRequestPage() {
  const { publicId = "" } = useParams();
  const { session } = useStores();
  const approvals = useStore(ApprovalsStore);
  const myRequests = useStore(MyAccessRequestsStore);
  useEffect(() => void approvals.openDetail(publicId), [approvals, publicId]);
  const detail = approvals.detail?.request.publicId === publicId ? approvals.detail : null;
  if (detail === null) {
    return approvals.detailState === "failed" ? (
      <div data-testid="access-request-page">
        <ScreenHeader title="Access request" />
        <NonIdealState icon="error" title="This request could not be loaded" description="It may not exist, or you may not be allowed to see it."
          action={<Button icon="refresh" text="Try again" onClick={() => void approvals.openDetail(publicId)} />} />
      </div>
    ) : <Spinner size={32} />;
  }
  const mine = detail.user.publicId === session.user?.publicId;
  return (
    <div data-testid="access-request-page">
      <p><Link to={mine ? "/my-access-requests" : "/approvals"}>{mine ? "← My access requests" : "← Approvals"}</Link></p>
      <ScreenHeader title="Access request" />
      <RequestList rows={[detail]} showRequester={!mine} testId="access-request-detail"
        actions={(m) => (mine
          ? <MyRequestButtons store={myRequests} request={m} />
          : <DecisionButtons store={approvals} request={m} />)} />
    </div>
  );
});

export default AccessRequestPage;
