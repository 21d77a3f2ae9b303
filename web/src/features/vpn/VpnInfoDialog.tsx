import { AnchorButton, Button, Callout, Dialog, DialogBody, DialogFooter, Tab, Tabs } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useStore, useStores } from "../../app/StoreContext";
import { DownloadMenu } from "./DownloadMenu";
import { ForceProtocolSelect } from "../../shell/controls/ForceProtocolSelect";
import "../../shell/dialogs/formDialog.css";
import "./vpn.css";
import { DevicesStore } from "../../stores/DevicesStore";
import { VpnStatusStore } from "../../stores/VpnStatusStore";
import { Hint } from "../../shell/controls/Hint";

/** The client's local settings page (served by the client itself). */
const CLIENT_SETTINGS_URL = "http://127.0.0.1:9250/";

/** Copies a text; says so on the button for a moment. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Hint content={label}>
      <Button variant="minimal" size="small" icon={copied ? "tick" : "duplicate"} aria-label={label} data-testid={testId}
        onClick={() => void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          window.setTimeout(() => setCopied(false), 1500);
        }, () => undefined)} />
    </Hint>
  );
}

const StatusTab = observer(function StatusTab() {
  const { connector } = useStores();
  const vpnStatus = useStore(VpnStatusStore);
  const devices = useStore(DevicesStore);
  const session = vpnStatus.session;
  const status = vpnStatus.status;
  const agent = devices.device !== null && devices.device.publicId === session?.agent.publicId ? devices.device : null;
  const check = vpnStatus.releaseCheck;
  const clientAway = connector.status !== "found";
  return (
    <div className="vpn-info" data-testid="vpn-info-status">
      {status === "idle" ? (
        <Callout intent="none" icon="offline" data-testid="vpn-info-banner">The VPN is not available: no connection is open.</Callout>
      ) : (
        <Callout intent={status === "connected" ? "success" : "primary"} icon={status === "connected" ? "tick-circle" : "refresh"} data-testid="vpn-info-banner">
          <div className="vpn-info-banner">
            <span>{status === "connected" ? "Connected" : "Connecting"}{session ? ` to ${session.agent.name}` : ""}</span>
            <Button text="Disconnect" intent="danger" size="small" onClick={() => void vpnStatus.disconnect()} data-testid="vpn-disconnect" />
          </div>
        </Callout>
      )}
      <dl className="vpn-facts">
        <dt>VPN address</dt>
        <dd>{session?.vpnAddress ? <>{session.vpnAddress} <CopyButton text={session.vpnAddress} label="Copy VPN address" testId="vpn-copy-address" /></> : "—"}</dd>
        {session && session.services.length > 1 && (
          <>
            <dt>Services</dt>
            <dd>
              <ul className="vpn-services" data-testid="vpn-services">
                {session.services.map((svc) => (
                  <li key={svc.publicId}>
                    {svc.name}: {svc.address} <CopyButton text={svc.address} label={`Copy the address of ${svc.name}`} testId={`vpn-copy-${svc.publicId}`} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>Stealth mode</dt><dd>{agent ? (agent.useStunnel ? "On" : "Off") : "—"}</dd>
        <dt>Server name</dt><dd>{session?.serverName ?? "—"}</dd>
        <dt>Device name</dt><dd>{session?.agent.name ?? "—"}</dd>
        <dt>Connected users</dt><dd>{agent && agent.connectedUsers.length > 0 ? agent.connectedUsers.map((u) => u.name).join(", ") : "None"}</dd>
      </dl>
      <h3 className="vpn-info-heading">VPN client</h3>
      <dl className="vpn-facts" data-testid="vpn-client-section">
        <dt>Installed version</dt>
        <dd>
          {check.kind === "unknown" ? (vpnStatus.installedVersion ?? "Not installed or not running") : check.installed}{" "}
          {check.kind === "latest" && <Tag intent="success" minimal data-testid="vpn-version-latest">Latest</Tag>}
          {check.kind === "update-available" && (
            <Tag intent="warning" minimal data-testid="vpn-version-update">Update available: {check.latestVersion}</Tag>
          )}
        </dd>
        {vpnStatus.onMobile && (
          <>
            <dt>Force protocol</dt>
            <dd data-testid="vpn-force-protocol">
              <ForceProtocolSelect value={vpnStatus.forceProtocol} onChange={(p) => void vpnStatus.setForceProtocol(p)} />
            </dd>
          </>
        )}
      </dl>
      {clientAway && (
        <Callout intent="warning" icon="warning-sign" data-testid="vpn-client-away">
          <div className="vpn-info-banner">
            <span>{connector.status === "lost" ? "The VPN client stopped answering." : "No VPN client installation found"}</span>
            <Button text="Retry" icon="refresh" size="small" onClick={() => connector.retry()} data-testid="vpn-client-retry" />
          </div>
        </Callout>
      )}
      <div className="vpn-info-actions">
        <AnchorButton variant="minimal" icon="cog" text="Client settings" href={CLIENT_SETTINGS_URL} target="_blank" rel="noopener" data-testid="vpn-settings-link" />
        <DownloadMenu feed={vpnStatus.feed} />
      </div>
    </div>
  );
});

const NotesTab = observer(function NotesTab() {
  const vpnStatus = useStore(VpnStatusStore);
  const notes = vpnStatus.feed?.releaseNotes ?? [];
  if (notes.length === 0) return <p className="bp6-text-muted" data-testid="vpn-release-notes">No release notes are available.</p>;
  return (
    <ol className="vpn-notes" data-testid="vpn-release-notes">
      {notes.map((n) => (
        <li key={`${n.version}-${n.date}`}>
          <h4>{n.version} <span className="bp6-text-muted">({n.type}, {n.date})</span></h4>
          <p>{n.body}</p>
        </li>
      ))}
    </ol>
  );
});

/** The VPN info dialog (spec 2): (1) status and client settings, (2) release notes. */
export const VpnInfoDialog = observer(function VpnInfoDialog() {
  const vpnStatus = useStore(VpnStatusStore);
  if (!vpnStatus.infoOpen) return null;
  return (
    <Dialog isOpen onClose={() => vpnStatus.closeInfo()} title="VPN" icon="shield" className="full-screen-narrow" style={{ width: 560 }}
      data-testid="vpn-info">
      <DialogBody>
        <Tabs id="vpn-info-tabs" renderActiveTabPanelOnly>
          <Tab id="status" title="Status" panel={<StatusTab />} />
          <Tab id="notes" title="Release notes" panel={<NotesTab />} />
        </Tabs>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={() => vpnStatus.closeInfo()} data-testid="vpn-info-close" />} />
    </Dialog>
  );
});
