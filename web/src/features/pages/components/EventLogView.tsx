/** Event log (issue 13): the changes of a (state) data point in the page's period, newest first, named by the configured state names. */
import { observer } from "mobx-react-lite";
import { useState } from "react";
import type { DataPointChange } from "@portal/core/domain/DataPoint";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { stateName, stateNames } from "@portal/core/rules/dataPoints";
import { DataPointsStore, useStore } from "../pageStores";
import type { ComponentContext } from "../ComponentView";
import { formatTime, NoData, NoDevice, str, useDeviceWatch, useReload } from "./dataPointParts";

export const EventLogView = observer(function EventLogView({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  const dataPoints = useStore(DataPointsStore);
  const agent = useDeviceWatch(ctx);
  const name = str(c, "dataPoint");
  const names = stateNames(str(c, "states"));
  const [log, setLog] = useState<ReadonlyArray<DataPointChange> | null>(null);
  const live = agent ? dataPoints.value(agent, name)?.value : undefined;
  useReload([agent, name, ctx.periodSpec], live,
    async () => (agent ? dataPoints.log(agent, { name, period: ctx.periodSpec, timeZone: dataPoints.timeZone }) : null), setLog);
  return (
    <div className="pc-log">
      <div className="pc-label">{str(c, "label")}</div>
      {!agent ? <NoDevice /> : !log || log.length === 0 ? <NoData /> : (
        <ol className="pc-log-list" data-testid="pc-event-log">
          {log.map((e) => (
            <li key={e.ts}>
              <time dateTime={e.ts}>{formatTime(e.ts)}</time>{" "}
              {e.previous === null ? <>{stateName(names, e.value)}</> : <>{stateName(names, e.previous)} → <strong>{stateName(names, e.value)}</strong></>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
});
