/**
 * The VPN connect component (issue 13): the VPN state for this device as the local client reports
 * it (core's vpnComponentState over the ConnectorStore's status), the VPN address, and Connect /
 * Disconnect through the same stores as the device page (VpnConnectStore, VpnStatusStore). Without
 * an approved VPN request (core's accessOffer) the button is "Request access": the connect attempt
 * opens the request dialog with VPN preselected and connects once it is approved (spec 6).
 */
import { Button, type Intent } from "@blueprintjs/core";
import { Effect } from "effect";
import { observer } from "mobx-react-lite";
import { accessOffer, vpnComponentState, type VpnComponentState } from "@portal/core/rules/deviceAccessOffer";
import { useStore, useStores, VpnConnectStore, VpnStatusStore, Tag } from "../componentDeps";
import type { DeviceComponentProps } from "./deviceComponentProps";
import "./deviceComponents.css";

const STATE_TEXT: Readonly<Record<VpnComponentState["kind"], string>> = {
  "no-client": "VPN client not found", idle: "Not connected", connecting: "Connecting…", connected: "Connected", "other-device": "Connected to another device",
};
const STATE_INTENT: Readonly<Record<VpnComponentState["kind"], Intent>> = {
  "no-client": "warning", idle: "none", connecting: "primary", connected: "success", "other-device": "warning",
};

export const VpnConnectView = observer(function VpnConnectView({ component: c, ctx }: DeviceComponentProps) {
  const root = useStores();
  const vpnConnect = useStore(VpnConnectStore);
  const vpnStatus = useStore(VpnStatusStore);
  const agent = ctx.agent;
  const label = typeof c.config["label"] === "string" ? c.config["label"] : "";
  if (agent === null) return <p className="dc-muted">{root.messages.text("deviceComponents.noDevice")}</p>;
  const state = vpnComponentState(root.connector.status === "found" ? root.connector.clientStatus : null, agent.publicId);
  const offer = accessOffer({ target: { kind: "vpn" }, agent, accessRequestsInUse: root.session.rights.includes("use:access-requests"), now: Effect.runSync(root.ports.clock.now) });
  const address = state.kind === "connected" || state.kind === "connecting" ? state.vpnAddress : agent.activeVpnSession?.vpnAddress ?? null;
  const active = state.kind === "connected" || state.kind === "connecting";
  return (
    <section className="dc" aria-label={label || "VPN"} data-testid="dc-vpn">
      {label && <h3 className="dc-title">{label}</h3>}
      <div className="dc-row">
        <Tag minimal round intent={STATE_INTENT[state.kind]} data-testid="dc-vpn-state">
          {state.kind === "other-device" && state.deviceName ? `Connected to ${state.deviceName}` : STATE_TEXT[state.kind]}
        </Tag>
      </div>
      <div className="dc-muted">VPN address: <span className="dc-address" data-testid="dc-vpn-address">{address ?? "None"}</span></div>
      <div className="dc-row">
        {active
          ? <Button icon="disable" text="Disconnect" onClick={() => void vpnStatus.disconnect()} data-testid="dc-vpn-disconnect" />
          : <Button icon={offer === "open" ? "shield" : "lock"} intent={offer === "open" ? "primary" : "none"} loading={vpnConnect.busy}
            text={offer === "open" ? "Connect" : "Request access"} data-testid="dc-vpn-connect"
            onClick={() => void vpnConnect.connect(agent)} />}
      </div>
    </section>
  );
});
