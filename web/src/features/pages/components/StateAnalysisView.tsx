/** State analysis (issue 13): the time share of each state of a data point over the page's period (core stateShares on the server). */
import { observer } from "mobx-react-lite";
import { useState } from "react";
import type { DataPointStates } from "@portal/core/domain/DataPoint";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { stateName, stateNames } from "@portal/core/rules/dataPoints";
import { DataPointsStore, useStore } from "../pageStores";
import type { ComponentContext } from "../ComponentView";
import { NoData, NoDevice, str, useDeviceWatch, useReload } from "./dataPointParts";

const COLOURS = ["#238551", "#cd4246", "#2d72d2", "#c87619", "#7961db", "#5f6b7c"];

/** A duration as hours and minutes ("3 h 05 min"), or seconds under a minute. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes === 0) return `${Math.round(ms / 1000)} s`;
  const h = Math.floor(minutes / 60);
  return h > 0 ? `${h} h ${String(minutes % 60).padStart(2, "0")} min` : `${minutes} min`;
}

export const StateAnalysisView = observer(function StateAnalysisView({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  const dataPoints = useStore(DataPointsStore);
  const agent = useDeviceWatch(ctx);
  const name = str(c, "dataPoint");
  const names = stateNames(str(c, "states"));
  const [states, setStates] = useState<DataPointStates | null>(null);
  const live = agent ? dataPoints.value(agent, name)?.value : undefined;
  useReload([agent, name, ctx.periodSpec], live,
    async () => (agent ? dataPoints.states(agent, { name, period: ctx.periodSpec, timeZone: dataPoints.timeZone }) : null), setStates, 10_000, 30_000);
  const shares = states?.shares ?? [];
  return (
    <div className="pc-states">
      <div className="pc-label">{str(c, "label")} <span className="bp6-text-muted">({ctx.periodSpec})</span></div>
      {!agent ? <NoDevice /> : shares.length === 0 ? <NoData /> : (
        <ul className="pc-states-list" data-testid="pc-state-analysis">
          {shares.map((s, i) => (
            <li key={s.value}>
              <div className="pc-states-row"><span>{stateName(names, s.value)}</span><span>{Math.round(s.share * 100)}% · {formatDuration(s.ms)}</span></div>
              <div className="pc-states-bar" aria-hidden="true"><div style={{ width: `${s.share * 100}%`, background: COLOURS[i % COLOURS.length] }} /></div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
