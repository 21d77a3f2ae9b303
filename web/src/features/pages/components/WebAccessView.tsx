/**
 * The web access component (issue 13): the device's web services (all, or the one named in the
 * config) each with Open, through the remote-access path of the device page (VpnConnectStore:
 * ticket, local client, the service's local address). Where access needs an approved request
 * that does not cover now (core's accessOffer), the button is "Request access": the same connect
 * attempt opens the request dialog with the service preselected and goes on once approved.
 */
import { Button } from "@blueprintjs/core";
import { Effect } from "effect";
import { observer } from "mobx-react-lite";
import { accessOffer } from "@portal/core/rules/deviceAccessOffer";
import { useStore, useStores, VpnConnectStore } from "../componentDeps";
import type { DeviceComponentProps } from "./deviceComponentProps";
import "./deviceComponents.css";

export const WebAccessView = observer(function WebAccessView({ component: c, ctx }: DeviceComponentProps) {
  const root = useStores();
  const vpnConnect = useStore(VpnConnectStore);
  const agent = ctx.agent;
  const label = typeof c.config["label"] === "string" ? c.config["label"] : "";
  if (agent === null) return <p className="dc-muted">{root.messages.text("deviceComponents.noDevice")}</p>;
  const wanted = (typeof c.config["service"] === "string" ? c.config["service"] : "").trim().toLowerCase();
  const servers = agent.servers.filter((s) => wanted === "" || s.name.toLowerCase() === wanted);
  const now = Effect.runSync(root.ports.clock.now);
  const inUse = root.session.rights.includes("use:access-requests");
  return (
    <section className="dc" aria-label={label || "Web access"} data-testid="dc-web-access">
      {label && <h3 className="dc-title">{label}</h3>}
      {servers.length === 0 ? <p className="dc-muted">{root.messages.text("deviceComponents.noService")}</p> : (
        <ul className="dc-list">
          {servers.map((s) => {
            const offer = accessOffer({ target: { kind: "server", server: s }, agent, accessRequestsInUse: inUse, now });
            return (
              <li key={s.publicId} className="dc-item dc-doc">
                <span className="dc-doc-name">{s.name}</span>
                {offer === "open"
                  ? <Button size="small" icon="share" text="Open" aria-label={`Open ${s.name}`} loading={vpnConnect.busy} data-testid="dc-web-open"
                    onClick={() => void vpnConnect.connect(agent, { kind: "server", server: s })} />
                  : <Button size="small" icon="lock" text="Request access" aria-label={`Request access to ${s.name}`} data-testid="dc-web-request"
                    onClick={() => void vpnConnect.connect(agent, { kind: "server", server: s })} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
});
