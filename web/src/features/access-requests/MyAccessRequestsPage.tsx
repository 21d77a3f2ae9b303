import { Alert, Button } from "@blueprintjs/core";
import { Effect } from "effect";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import { useStore, useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import type { MyBox } from "../../stores/MyAccessRequestsStore";
import { deviceName } from "../devices/accessView";
import { BoxTabs } from "./BoxTabs";
import { RequestList } from "./RequestList";
import { MyAccessRequestsStore } from "../../stores/MyAccessRequestsStore";

const LABELS: Readonly<Record<MyBox, string>> = { pending: "Pending", active: "Active", past: "Past" };
const EMPTY: Readonly<Record<MyBox, string>> = {
  pending: "No request is waiting or scheduled", active: "You have no active access", past: "No past requests",
};

type Confirm = { readonly kind: "cancel" | "release"; readonly request: MyAccessRequest };

/** My buttons on a request: cancel while pending; release early and extend while approved and not ended. */
export const MyRequestButtons = observer(function MyRequestButtons({ store, request }: { readonly store: MyAccessRequestsStore; readonly request: MyAccessRequest }) {
  const { ports } = useStores();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const id = request.request.publicId;
  const busy = store.busy.has(id);
  const live = Date.parse(request.request.end) > Effect.runSync(ports.clock.now);
  return (
    <>
      {request.request.status === "pending" && live && (
        <Button icon="cross" text="Cancel request" loading={busy} onClick={() => setConfirm({ kind: "cancel", request })} data-testid="cancel-request" />
      )}
      {request.request.status === "approved" && live && (
        <>
          <Button icon="time" text="Extend by 30 minutes" loading={busy} onClick={() => void store.extend(id)} data-testid="extend" />
          <Button intent="danger" icon="log-out" text="End access now" disabled={busy} onClick={() => setConfirm({ kind: "release", request })} data-testid="release" />
        </>
      )}
      <Alert isOpen={confirm !== null} intent="danger" cancelButtonText="Keep it"
        confirmButtonText={confirm?.kind === "cancel" ? "Cancel request" : "End access"}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === "cancel") void store.cancel(id);
          else if (confirm) void store.release(id);
          setConfirm(null);
        }}>
        <p>{confirm?.kind === "cancel"
          ? `Cancel your request for ${deviceName(request)}? The approvers will no longer see it.`
          : `End your access to ${deviceName(request)} now? You will need a new request to connect again.`}</p>
      </Alert>
    </>
  );
});

/** /my-access-requests: my pending (waiting or scheduled), active and past requests. */
export const MyAccessRequestsPage = observer(function MyAccessRequestsPage() {
  const myRequests = useStore(MyAccessRequestsStore);
  useEffect(() => void myRequests.show(myRequests.current), [myRequests]);
  return (
    <div data-testid="my-access-requests-page">
      <ScreenHeader title="My access requests" />
      <BoxTabs id="my-boxes" store={myRequests} labels={LABELS} empty={EMPTY}>
        {(box) => (
          <RequestList rows={myRequests.boxes[box].rows} testId={`my-${box}`}
            actions={box === "past" ? undefined : (m) => <MyRequestButtons store={myRequests} request={m} />} />
        )}
      </BoxTabs>
    </div>
  );
});

export default MyAccessRequestsPage;
