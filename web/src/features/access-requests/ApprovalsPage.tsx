import { Button } from "@blueprintjs/core";
import { Effect } from "effect";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import { useStore, useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import type { ApprovalBox } from "../../stores/ApprovalsStore";
import { deviceName } from "../devices/accessView";
import { BoxTabs } from "./BoxTabs";
import { DecisionDialog, type Decision } from "./DecisionDialog";
import { RequestList } from "./RequestList";
import { ApprovalsStore } from "../../stores/ApprovalsStore";

const LABELS: Readonly<Record<ApprovalBox, string>> = { pending: "Waiting for me", active: "Active grants", history: "History" };
const EMPTY: Readonly<Record<ApprovalBox, string>> = {
  pending: "No request is waiting for your decision", active: "Nobody has active access on your devices", history: "No decided requests yet",
};

/** The buttons an approver has on a request: approve / reject while pending, revoke while approved and not ended. */
export const DecisionButtons = observer(function DecisionButtons({ store, request }: { readonly store: ApprovalsStore; readonly request: MyAccessRequest }) {
  const [decision, setDecision] = useState<Decision | null>(null);
  const busy = store.busy.has(request.request.publicId);
  const who = `${request.user.name ?? "Someone"} asks for access to ${deviceName(request)}.`;
  const { ports } = useStores();
  const ended = Date.parse(request.request.end) <= Effect.runSync(ports.clock.now);
  return (
    <>
      {request.request.status === "pending" && (
        <>
          <Button intent="success" icon="tick" text="Approve" loading={busy} onClick={() => setDecision("approve")} data-testid="approve" />
          <Button intent="danger" icon="cross" text="Reject" disabled={busy} onClick={() => setDecision("reject")} data-testid="reject" />
        </>
      )}
      {request.request.status === "approved" && !ended && (
        <Button intent="danger" icon="cross" text="Revoke" loading={busy} onClick={() => setDecision("revoke")} data-testid="revoke" />
      )}
      {decision && (
        <DecisionDialog decision={decision} summary={who} onClose={() => setDecision(null)}
          onDecide={(comment) => store.decide(request.request.publicId, decision, comment)} />
      )}
    </>
  );
});

/** /approvals: the requests waiting for my decision, the active grants on my devices, and history. */
export const ApprovalsPage = observer(function ApprovalsPage() {
  const approvals = useStore(ApprovalsStore);
  useEffect(() => void approvals.show(approvals.current), [approvals]);
  return (
    <div data-testid="approvals-page">
      <ScreenHeader title="Approvals" />
      <BoxTabs id="approval-boxes" store={approvals} labels={LABELS} empty={EMPTY}>
        {(box) => (
          <RequestList rows={approvals.boxes[box].rows} showRequester testId={`approvals-${box}`}
            actions={box === "history" ? undefined : (m) => <DecisionButtons store={approvals} request={m} />} />
        )}
      </BoxTabs>
    </div>
  );
});

export default ApprovalsPage;
