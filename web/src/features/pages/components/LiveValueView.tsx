/** Live value (issue 13): the newest value of a data point of the device, updated as it arrives. */
import { observer } from "mobx-react-lite";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { DataPointsStore, useStore } from "../pageStores";
import type { ComponentContext } from "../ComponentView";
import { formatTime, formatValue, NoData, NoDevice, str, useDeviceWatch } from "./dataPointParts";

export const LiveValueView = observer(function LiveValueView({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  const dataPoints = useStore(DataPointsStore);
  const agent = useDeviceWatch(ctx);
  const v = agent ? dataPoints.value(agent, str(c, "dataPoint")) : undefined;
  return (
    <div className="pc-live">
      <div className="pc-label">{str(c, "label")}</div>
      <div className="pc-value" data-testid="pc-live-value" aria-live="polite">
        {v ? formatValue(v.value) : "—"} <span className="pc-unit">{str(c, "unit")}</span>
      </div>
      <div className="pc-meta">{str(c, "dataPoint")} · {!agent ? <NoDevice /> : v ? <span>at {formatTime(v.ts)}</span> : <NoData />}</div>
    </div>
  );
});
