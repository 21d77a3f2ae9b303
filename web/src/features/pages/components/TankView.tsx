/** Tank (issue 13): a level data point as the fill of a vessel between "empty at" and "full at". */
import { observer } from "mobx-react-lite";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { fillRatio } from "@portal/core/rules/dataPoints";
import { DataPointsStore, useStore } from "../pageStores";
import type { ComponentContext } from "../ComponentView";
import { formatValue, NoData, NoDevice, num, str, useDeviceWatch } from "./dataPointParts";

export const TankView = observer(function TankView({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  const dataPoints = useStore(DataPointsStore);
  const agent = useDeviceWatch(ctx);
  const v = agent ? dataPoints.value(agent, str(c, "dataPoint")) : undefined;
  const r = v ? fillRatio(v.value, num(c, "min"), num(c, "max")) : 0;
  const height = 80 * r;
  return (
    <div className="pc-tank">
      <div className="pc-label">{str(c, "label")}</div>
      <svg viewBox="0 0 60 100" className="pc-tank-svg" role="img" aria-label={`${str(c, "label")}: ${v ? `${formatValue(v.value)} ${str(c, "unit")}, ${Math.round(r * 100)}% full` : "no value yet"}`}>
        <rect x="10" y="10" width="40" height="80" rx="6" fill="none" stroke="currentColor" strokeOpacity="0.5" strokeWidth="2" />
        {v && <rect x="11" y={90 - height} width="38" height={Math.max(0, height - 1)} rx="5" fill="#2d72d2" fillOpacity="0.7" />}
        <text x="30" y="55" fontSize="10" textAnchor="middle" fill="currentColor" data-testid="pc-tank-value">{v ? formatValue(v.value, 1) : "—"}</text>
        <text x="30" y="66" fontSize="7" textAnchor="middle" fill="currentColor">{str(c, "unit")}</text>
      </svg>
      {!agent ? <NoDevice /> : !v && <NoData />}
    </div>
  );
});
