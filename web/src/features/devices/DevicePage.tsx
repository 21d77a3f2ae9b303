import { Button, Callout, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { rateLimitDisplay } from "@portal/core/rules/rateLimiting";
import { useStore, useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { RequestList } from "../access-requests/RequestList";
import { AccessRequestDialogLazy } from "./AccessRequestDialogLazy";
import { AgentCredentialSection } from "./AgentCredentialSection";
import { DeviceLicenceSection } from "./DeviceLicenceSection";
import { DeviceAudienceSection } from "./DeviceAudienceSection";
import { MY_ACCESS_INTENT, myAccessLabel } from "./accessView";
import { OnlineState } from "./DevicesPage";
import { CustomFieldValuesSection } from "../custom-fields/CustomFieldValuesSection";
import { DevicePagesSection } from "../pages/DevicePagesSection";
import { canEditCustomValues } from "../custom-fields/customFieldLabels";
import "./devices.css";
import { AccessRequestDialogStore } from "../../stores/AccessRequestDialogStore";
import { DevicesStore } from "../../stores/DevicesStore";
import { VpnConnectStore } from "../../stores/VpnConnectStore";

const RATE_LIMIT_TEXT = {
  seconds: "The connection is rate limited: the system is retrying in seconds.",
  minutes: "The connection is rate limited: the system is retrying in minutes.",
  hard: "The connection is rate limited: the system has stopped trying.",
} as const;

/** /devices/:publicId: one device with its assets, its services and my requests for it. */
export const DevicePage = observer(function DevicePage() {
  const { publicId = "" } = useParams();
  const { session } = useStores();
  const devices = useStore(DevicesStore);
  const accessRequestDialog = useStore(AccessRequestDialogStore);
  const vpnConnect = useStore(VpnConnectStore);
  useEffect(() => void devices.openDevice(publicId), [devices, publicId]);
  const device = devices.device?.publicId === publicId ? devices.device : null;
  if (devices.deviceState === "failed" && device === null) {
    return (
      <div className="device-page" data-testid="device-page">
        <ScreenHeader title="Device" />
        <NonIdealState icon="error" title="This device could not be loaded"
          action={<Button icon="refresh" text="Try again" onClick={() => void devices.openDevice(publicId)} />} />
      </div>
    );
  }
  if (device === null) return <Spinner size={32} />;
  const limit = rateLimitDisplay(device.rateLimiting);
  return (
    <div className="device-page" data-testid="device-page">
      <p><Link to="/devices">← Devices</Link></p>
      <ScreenHeader title={device.name}>
        <Button icon="shield" intent="primary" text="Connect" data-testid="vpn-connect" loading={vpnConnect.busy}
          onClick={() => void vpnConnect.connect(device)} />
        <Button icon="lock" text="Request access" data-testid="request-access" onClick={() => void accessRequestDialog.open(device)} />
      </ScreenHeader>
      <dl className="device-facts">
        <dt>State</dt><dd><OnlineState online={device.online} /></dd>
        <dt>My access</dt><dd><Tag minimal intent={MY_ACCESS_INTENT[device.myAccess.state]} data-testid="my-access">{myAccessLabel(device.myAccess)}</Tag></dd>
        <dt>VPN</dt><dd>{device.vpnRequireAccessApproval ? "Needs an approved request" : "No approval needed"}</dd>
        {device.activeVpnSession?.vpnAddress && <><dt>VPN address</dt><dd>{device.activeVpnSession.vpnAddress}</dd></>}
        <dt>Groups</dt><dd>{device.groups.length === 0 ? "None" : device.groups.map((g) => g.name).join(", ")}</dd>
        <dt>Connected users</dt><dd>{device.connectedUsers.length === 0 ? "None" : device.connectedUsers.map((u) => u.name).join(", ")}</dd>
      </dl>
      {limit.kind !== "none" && (
        <Callout intent={limit.kind === "hard" ? "danger" : "warning"} data-testid="rate-limit">
          {limit.kind === "hard" ? RATE_LIMIT_TEXT.hard : RATE_LIMIT_TEXT[limit.unit]}
          {limit.canTryAgain && (
            <p className="rate-limit-action">
              <Button icon="refresh" text="Try again" loading={devices.tryingAgain} onClick={() => void devices.tryAgain()} />
            </p>
          )}
        </Callout>
      )}
      <CustomFieldValuesSection key={device.publicId} target="device" publicId={device.publicId} name={device.name} canEdit={canEditCustomValues(session.rights)} />
      <DeviceLicenceSection key={`licences-${device.publicId}`} agentPublicId={device.publicId} />
      <section aria-labelledby="device-services">
        <h2 id="device-services">Services</h2>
        {device.servers.length === 0 ? <p className="bp6-text-muted">This device has no services besides the VPN.</p> : (
          // Phones stack each service into a card of labelled lines (data-label, devices.css).
          <HTMLTable compact striped className="device-services" data-testid="device-services">
            <thead><tr><th>Service</th><th>Group</th><th>Approval</th><th><span className="bp6-text-muted">Web access</span></th></tr></thead>
            <tbody>
              {device.servers.map((s) => (
                <tr key={s.publicId}><td data-label="Service">{s.name}</td><td data-label="Group">{s.serviceGroup ?? "—"}</td>
                  <td data-label="Approval">{s.requireAccessApproval ? "Needs an approved request" : "No approval needed"}</td>
                  <td><Button size="small" icon="share" text="Open" aria-label={`Open ${s.name}`} data-testid="service-open"
                    onClick={() => void vpnConnect.connect(device, { kind: "server", server: s })} /></td></tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </section>
      <section aria-labelledby="device-assets">
        <h2 id="device-assets">Assets</h2>
        {devices.deviceAssets.length === 0 ? <p className="bp6-text-muted">No assets behind this device.</p> : (
          <ul data-testid="device-assets">{devices.deviceAssets.map((a) => <li key={a.publicId}>{a.name}{a.assetType ? ` (${a.assetType.name})` : ""}</li>)}</ul>
        )}
      </section>
      <section aria-labelledby="device-requests">
        <h2 id="device-requests">My requests for this device</h2>
        {devices.deviceRequests.length === 0
          ? <p className="bp6-text-muted">You have not requested access to this device yet.</p>
          : <RequestList rows={devices.deviceRequests} showDevice={false} testId="device-requests" />}
      </section>
      {session.rights.includes("manage:roles") && <DeviceAudienceSection agentPublicId={device.publicId} name={device.name} />}
      {device.canManageAccessRequests && <AgentCredentialSection agentPublicId={device.publicId} />}
      <DevicePagesSection agentPublicId={device.publicId} />
      <AccessRequestDialogLazy />
    </div>
  );
});

export default DevicePage;
