/**
 * The renderers of the component registry (core's domain/PageComponent.ts): each shows what
 * exists today for the preview device. Device info reads the device as the server reports it
 * (name, connection, VPN address, services); the data-point kinds (live value, gauge, line graph,
 * tank, data table, event log, state analysis, wear and tear: one file each under components/)
 * read the device's stored values and update live; report header and footer show the page's
 * title, period and device.
 */
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import type { AgentView } from "@portal/core/domain/Device";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { useStores } from "../../app/StoreContext";
import { DocumentsView } from "./components/DocumentsView";
import { MailFormView } from "./components/MailFormView";
import { ServiceLogbookView } from "./components/ServiceLogbookView";
import { VpnConnectView } from "./components/VpnConnectView";
import { WebAccessView } from "./components/WebAccessView";
import { DataTableView } from "./components/DataTableView";
import { EventLogView } from "./components/EventLogView";
import { GaugeView } from "./components/GaugeView";
import { LineGraphView } from "./components/LineGraphView";
import { LiveValueView } from "./components/LiveValueView";
import { StateAnalysisView } from "./components/StateAnalysisView";
import { TankView } from "./components/TankView";
import { WearAndTearView } from "./components/WearAndTearView";
import { DeviceAccessGate } from "./components/dataPointParts";

export interface ComponentContext {
  readonly agent: AgentView | null;
  readonly pageTitle: string;
  readonly periodSpec: string;
  /** The page shown (the mail form names it to the server); absent outside a page. */
  readonly pagePublicId?: string;
  /** Which version is shown: the editor's preview is the draft, a dashboard the published one. */
  readonly version?: "draft" | "published";
}

const str = (c: PageComponent, key: string): string => (typeof c.config[key] === "string" ? (c.config[key] as string) : "");

function DeviceInfo({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  const a = ctx.agent;
  if (!a) return <div className="pc-device bp6-text-muted">Choose a preview device to see its information.</div>;
  return (
    <div className="pc-device" data-testid="pc-device-info">
      <div className="pc-device-name">{a.name} <Tag minimal round intent={a.online ? "success" : "none"}>{a.online ? "Online" : "Offline"}</Tag></div>
      <dl className="pc-facts">
        <dt>VPN address</dt><dd>{a.activeVpnSession?.vpnAddress ?? "None"}</dd>
        <dt>Approval</dt><dd>{a.vpnRequireAccessApproval ? "Required for VPN" : "Not required"}</dd>
        {c.config["showServers"] === true && (<><dt>Services</dt><dd>{a.servers.length === 0 ? "None" : a.servers.map((s) => s.name).join(", ")}</dd></>)}
        <dt>Groups</dt><dd>{a.groups.length === 0 ? "None" : a.groups.map((g) => g.name).join(", ")}</dd>
      </dl>
    </div>
  );
}

function ReportHeader({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  return (
    <div className="pc-report-header">
      <div className="pc-report-title">{str(c, "title") || ctx.pageTitle}</div>
      <div className="bp6-text-muted">
        {ctx.agent ? ctx.agent.name : "No device chosen"}
        {c.config["showPeriod"] === true && <> · Period: {ctx.periodSpec}</>}
      </div>
    </div>
  );
}

function ReportFooter({ c }: { c: PageComponent }) {
  return <div className="pc-report-footer"><span>{str(c, "text")}</span><span className="bp6-text-muted">Page 1</span></div>;
}

/** The body of one placed component; the data-point kinds behind the gate of access to the device's data. */
export function ComponentView({ component: c, ctx }: { component: PageComponent; ctx: ComponentContext }) {
  switch (c.kind) {
    case "live-value": return <DeviceAccessGate ctx={ctx}><LiveValueView c={c} ctx={ctx} /></DeviceAccessGate>;
    case "gauge": return <DeviceAccessGate ctx={ctx}><GaugeView c={c} ctx={ctx} /></DeviceAccessGate>;
    case "line-graph": return <DeviceAccessGate ctx={ctx}><LineGraphView c={c} ctx={ctx} /></DeviceAccessGate>;
    case "device-info": return <DeviceInfo c={c} ctx={ctx} />;
    case "report-header": return <ReportHeader c={c} ctx={ctx} />;
    case "report-footer": return <ReportFooter c={c} />;
    case "service-logbook": return <ServiceLogbookView component={c} ctx={ctx} />;
    case "documents": return <DocumentsView component={c} ctx={ctx} />;
    case "mail-form": return <MailFormView component={c} ctx={ctx} />;
    case "web-access": return <WebAccessView component={c} ctx={ctx} />;
    case "vpn-connect": return <VpnConnectView component={c} ctx={ctx} />;
    case "tank": return <DeviceAccessGate ctx={ctx}><TankView c={c} ctx={ctx} /></DeviceAccessGate>;
    case "data-table": return <DeviceAccessGate ctx={ctx}><DataTableView c={c} ctx={ctx} /></DeviceAccessGate>;
    case "event-log": return <DeviceAccessGate ctx={ctx}><EventLogView c={c} ctx={ctx} /></DeviceAccessGate>;
    case "state-analysis": return <DeviceAccessGate ctx={ctx}><StateAnalysisView c={c} ctx={ctx} /></DeviceAccessGate>;
    case "wear-and-tear": return <DeviceAccessGate ctx={ctx}><WearAndTearView c={c} ctx={ctx} /></DeviceAccessGate>;
  }
}
