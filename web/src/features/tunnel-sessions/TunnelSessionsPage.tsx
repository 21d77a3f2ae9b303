import { Alert, Button, HTMLTable, NonIdealState, Spinner, Switch } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { endReasonText, formatBytes } from "../../stores/TunnelSessionsStore";
import "../vpn/vpn.css";
import { TunnelSessionsStore } from "../../stores/TunnelSessionsStore";

const when = (iso: string | null): string => (iso === null ? "—" : new Date(iso).toLocaleString());

/**
 * /tunnel-sessions: live sessions with Disconnect; All adds the ended ones with their reason. The
 * shell's RouteGuard opens it only with manage:access-requests (core's ROUTE_RIGHTS).
 */
export const TunnelSessionsPage = observer(function TunnelSessionsPage() {
  const store = useStore(TunnelSessionsStore);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div className="tunnel-sessions" data-testid="tunnel-sessions">
      <ScreenHeader title="Active sessions">
        <Switch label="All (ended ones too)" checked={store.showAll} onChange={(e) => store.setShowAll(e.currentTarget.checked)}
          data-testid="sessions-all" />
        <Button icon="refresh" text="Refresh" onClick={() => void store.load()} />
      </ScreenHeader>
      {store.state === "pending" && store.sessions.length === 0 ? <Spinner size={32} /> : store.sessions.length === 0 ? (
        <NonIdealState icon="link" title={store.showAll ? "No sessions yet" : "No active sessions"}
          description="Connections to devices through the portal show here while they are open." data-testid="sessions-empty" />
      ) : (
        <div className="tunnel-sessions-scroll">
          <HTMLTable compact striped className="tunnel-sessions-table" data-testid="sessions-table">
            <thead><tr><th>User</th><th>Device</th><th>Service</th><th>Started</th><th>To device</th><th>From device</th><th>State</th><th /></tr></thead>
            <tbody>
              {store.sessions.map((s) => (
                <tr key={s.publicId} data-testid="session-row">
                  <td>{s.user.name}</td><td>{s.agent.name}</td><td>{s.service.name}</td><td>{when(s.start)}</td>
                  <td>{formatBytes(s.bytesToDevice)}</td><td>{formatBytes(s.bytesFromDevice)}</td>
                  <td>{s.end === null ? "Live" : <>Ended {when(s.end)}. {endReasonText(s.endReason)}</>}</td>
                  <td>{s.end === null && (
                    <Button size="small" intent="danger" text="Disconnect" aria-label={`Disconnect ${s.user.name} from ${s.agent.name}`}
                      onClick={() => store.askDisconnect(s)} data-testid="session-disconnect" />
                  )}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <Alert isOpen={store.confirming !== null} intent="danger" icon="disable" cancelButtonText="Cancel" confirmButtonText="Disconnect"
        loading={store.disconnecting} onCancel={() => store.cancelDisconnect()} onConfirm={() => void store.confirmDisconnect()} canEscapeKeyCancel>
        <p>Disconnect {store.confirming?.user.name} from {store.confirming?.agent.name}? Their connection ends now.</p>
      </Alert>
    </div>
  );
});

export default TunnelSessionsPage;
