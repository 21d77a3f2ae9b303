import { Button, Card, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent, NonIdealState, SegmentedControl, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link } from "react-router";
import type { UsageGranularity } from "@portal/core/domain/Usage";
import { formatBytes } from "@portal/core/rules/usage";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { USAGE_PRESET_LABELS, USAGE_PRESETS, type UsageMetric, type UsagePreset, UsageStore } from "../../stores/UsageStore";
import { UsageChart } from "./UsageChart";
import "./usage.css";

const METRICS: ReadonlyArray<{ value: UsageMetric; label: string }> = [
  { value: "bytes", label: "Data" }, { value: "sessions", label: "VPN sessions" }, { value: "apiCalls", label: "API calls" },
  { value: "reportRuns", label: "Report runs" },
];
const count = (n: number) => n.toLocaleString("en-US");

/**
 * /usage: the company's data usage in a period (spec section 2; use:data-usage): totals (data,
 * VPN sessions, API calls, report runs), a chart
 * per day or month in the user's time zone, the devices that moved the most data, and a CSV
 * export of the same numbers.
 */
export const UsagePage = observer(function UsagePage() {
  const usage = useStore(UsageStore);
  useEffect(() => { void usage.ensure(); }, [usage]);
  return (
    <div className="usage-page" data-testid="usage-page">
      <ScreenHeader title="Usage">
        <Button icon="download" text="Export CSV" loading={usage.exporting} disabled={usage.problem !== null}
          onClick={() => void usage.exportCsv()} data-testid="usage-export" />
      </ScreenHeader>
      <UsagePeriodBar store={usage} />
      <UsageBody store={usage} />
    </div>
  );
});

export default UsagePage;

const UsagePeriodBar = observer(function UsagePeriodBar({ store }: { readonly store: UsageStore }) {
  const problem = store.problem;
  return (
    <section className="usage-period" aria-label="Period of the figures">
      <FormGroup label="Period" labelFor="usage-preset" className="usage-field">
        <HTMLSelect id="usage-preset" value={store.preset} fill data-testid="usage-preset"
          options={USAGE_PRESETS.map((p) => ({ value: p, label: USAGE_PRESET_LABELS[p] }))}
          onChange={(e) => store.setPreset(e.currentTarget.value as UsagePreset)} />
      </FormGroup>
      {store.preset === "custom" && (
        <>
          <FormGroup label="From" labelFor="usage-from" className="usage-field" intent={problem?.field === "from" ? Intent.DANGER : Intent.NONE}>
            <InputGroup id="usage-from" type="date" value={store.customFrom} data-testid="usage-from"
              intent={problem?.field === "from" ? Intent.DANGER : Intent.NONE} onValueChange={(v) => store.setCustom({ from: v })} />
          </FormGroup>
          <FormGroup label="To" labelFor="usage-to" className="usage-field" intent={problem?.field === "to" ? Intent.DANGER : Intent.NONE}>
            <InputGroup id="usage-to" type="date" value={store.customTo} data-testid="usage-to"
              intent={problem?.field === "to" ? Intent.DANGER : Intent.NONE} onValueChange={(v) => store.setCustom({ to: v })} />
          </FormGroup>
          <FormGroup label="By" labelFor="usage-granularity" className="usage-field">
            <HTMLSelect id="usage-granularity" value={store.customGranularity} fill data-testid="usage-granularity"
              options={[{ value: "day", label: "Day" }, { value: "month", label: "Month" }]}
              onChange={(e) => store.setCustom({ granularity: e.currentTarget.value as UsageGranularity })} />
          </FormGroup>
        </>
      )}
      <p className="usage-zone bp6-text-muted" data-testid="usage-zone">Days in {store.zone}</p>
      {problem && <p className="usage-problem" role="alert" data-testid="usage-problem">{problem.message}.</p>}
    </section>
  );
});

const UsageBody = observer(function UsageBody({ store }: { readonly store: UsageStore }) {
  if (store.state === "failed") {
    return <NonIdealState icon="error" title="The usage data could not be loaded" action={<Button icon="refresh" text="Try again" onClick={() => void store.reload()} />} />;
  }
  if (store.shownPeriod === null) return <Spinner size={32} />;
  const t = store.totals;
  return (
    <div className={store.state === "pending" ? "usage-body usage-loading" : "usage-body"} aria-busy={store.state === "pending"}>
      <div className="usage-totals" data-testid="usage-totals">
        <Total label="Data to devices" value={formatBytes(t.bytesToDevice)} testId="usage-total-to" />
        <Total label="Data from devices" value={formatBytes(t.bytesFromDevice)} testId="usage-total-from" />
        <Total label="VPN sessions" value={count(t.vpnSessions)} testId="usage-total-sessions" />
        <Total label="API calls" value={count(t.apiCalls)} testId="usage-total-api" />
        <Total label="Report runs" value={count(t.reportRuns)} testId="usage-total-reports" />
      </div>
      <Card className="usage-chart-card">
        <div className="usage-chart-head">
          <h2 className="bp6-heading usage-subtitle">{store.shownPeriod.granularity === "day" ? "Per day" : "Per month"}</h2>
          <SegmentedControl options={METRICS.map((m) => ({ value: m.value, label: m.label }))} value={store.metric} small
            onValueChange={(v) => store.setMetric(v as UsageMetric)} aria-label="Shown in the chart" data-testid="usage-metric" />
        </div>
        <UsageChart points={store.series} metric={store.metric} granularity={store.shownPeriod.granularity} />
      </Card>
      <h2 className="bp6-heading usage-subtitle">Top devices by data</h2>
      {store.top.length === 0
        ? <NonIdealState icon="timeline-bar-chart" title="No VPN sessions in this period" description="Data moved through the VPN to and from devices shows here." />
        : (
          <HTMLTable className="usage-top" compact striped data-testid="usage-top">
            <thead><tr><th>Device</th><th>To device</th><th>From device</th><th>Sessions</th><th>Reports</th></tr></thead>
            <tbody>
              {store.top.map((d) => (
                <tr key={d.agent.publicId}>
                  <td><Link to={`/devices/${d.agent.publicId}`}>{d.agent.name}</Link></td>
                  <td>{formatBytes(d.bytesToDevice)}</td>
                  <td>{formatBytes(d.bytesFromDevice)}</td>
                  <td>{count(d.vpnSessions)}</td>
                  <td>{count(d.reportRuns)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
    </div>
  );
});

function Total({ label, value, testId }: { readonly label: string; readonly value: string; readonly testId: string }) {
  return (
    <Card className="usage-total" data-testid={testId}>
      <div className="bp6-text-muted usage-total-label">{label}</div>
      <div className="usage-total-value">{value}</div>
    </Card>
  );
}
