/**
 * The renderers of the component registry (core's domain/PageComponent.ts): each shows what
 * exists today for the preview device. Device info reads the device as the server reports it
 * (name, connection, VPN address, services); live value, gauge and line graph show "No data yet"
 * until device data points are stored (the next slice: values over MQTT); report header and
 * footer show the page's title, period and device.
 */
import { Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { AgentView } from "@portal/core/domain/Device";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { useStores } from "../../app/StoreContext";
import { DocumentsView } from "./components/DocumentsView";
import { MailFormView } from "./components/MailFormView";
import { ServiceLogbookView } from "./components/ServiceLogbookView";
import { VpnConnectView } from "./components/VpnConnectView";
import { WebAccessView } from "./components/WebAccessView";

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
const num = (c: PageComponent, key: string): number => (typeof c.config[key] === "number" ? (c.config[key] as number) : 0);

const NoData = observer(function NoData() {
  const { messages } = useStores();
  return <span className="pc-nodata" data-testid="pc-nodata">{messages.text("pages.noData")}</span>;
});

function LiveValue({ c }: { c: PageComponent }) {
  return (
    <div className="pc-live">
      <div className="pc-label">{str(c, "label")}</div>
      <div className="pc-value">— <span className="pc-unit">{str(c, "unit")}</span></div>
      <div className="pc-meta">{str(c, "dataPoint")} · <NoData /></div>
    </div>
  );
}

function Gauge({ c }: { c: PageComponent }) {
  return (
    <div className="pc-gauge">
      <div className="pc-label">{str(c, "label")}</div>
      <svg viewBox="0 0 100 60" className="pc-gauge-svg" role="img" aria-label={`${str(c, "label")} gauge from ${num(c, "min")} to ${num(c, "max")} ${str(c, "unit")}`}>
        <path d="M10 55 A40 40 0 0 1 90 55" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="8" strokeLinecap="round" />
        <text x="10" y="60" fontSize="7" textAnchor="middle" fill="currentColor">{num(c, "min")}</text>
        <text x="90" y="60" fontSize="7" textAnchor="middle" fill="currentColor">{num(c, "max")}</text>
        <text x="50" y="50" fontSize="10" textAnchor="middle" fill="currentColor">{str(c, "unit")}</text>
      </svg>
      <NoData />
    </div>
  );
}

function LineGraph({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  return (
    <div className="pc-graph">
      <div className="pc-label">{str(c, "label")} <span className="bp6-text-muted">({str(c, "dataPoint")}, {ctx.periodSpec})</span></div>
      <svg viewBox="0 0 200 80" preserveAspectRatio="none" className="pc-graph-svg" role="img" aria-label={`${str(c, "label")} over ${ctx.periodSpec}`}>
        <line x1="20" y1="5" x2="20" y2="70" stroke="currentColor" strokeOpacity="0.4" />
        <line x1="20" y1="70" x2="195" y2="70" stroke="currentColor" strokeOpacity="0.4" />
        {[25, 45].map((y) => <line key={y} x1="20" y1={y} x2="195" y2={y} stroke="currentColor" strokeOpacity="0.1" />)}
        <text x="16" y="10" fontSize="7" textAnchor="end" fill="currentColor">{str(c, "unit")}</text>
      </svg>
      <NoData />
    </div>
  );
}

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

/** The body of one placed component. */
export function ComponentView({ component: c, ctx }: { component: PageComponent; ctx: ComponentContext }) {
  switch (c.kind) {
    case "live-value": return <LiveValue c={c} />;
    case "gauge": return <Gauge c={c} />;
    case "line-graph": return <LineGraph c={c} ctx={ctx} />;
    case "device-info": return <DeviceInfo c={c} ctx={ctx} />;
    case "report-header": return <ReportHeader c={c} ctx={ctx} />;
    case "report-footer": return <ReportFooter c={c} />;
    case "service-logbook": return <ServiceLogbookView component={c} ctx={ctx} />;
    case "documents": return <DocumentsView component={c} ctx={ctx} />;
    case "mail-form": return <MailFormView component={c} ctx={ctx} />;
    case "web-access": return <WebAccessView component={c} ctx={ctx} />;
    case "vpn-connect": return <VpnConnectView component={c} ctx={ctx} />;
  }
}
