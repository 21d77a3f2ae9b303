/** Gauge (issue 13): the newest value of a data point on a half-circle dial between min and max. */
import { observer } from "mobx-react-lite";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { fillRatio } from "@portal/core/rules/dataPoints";
import { DataPointsStore, useStore } from "../pageStores";
import type { ComponentContext } from "../ComponentView";
import { formatValue, NoData, NoDevice, num, str, useDeviceWatch } from "./dataPointParts";

/** The point on the dial's arc (centre 50,55, radius 40) at share `r` from the left end. */
const arcPoint = (r: number) => {
  const a = Math.PI * (1 - r);
  return { x: 50 + 40 * Math.cos(a), y: 55 - 40 * Math.sin(a) };
};

export const GaugeView = observer(function GaugeView({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  const dataPoints = useStore(DataPointsStore);
  const agent = useDeviceWatch(ctx);
  const v = agent ? dataPoints.value(agent, str(c, "dataPoint")) : undefined;
  const min = num(c, "min");
  const max = num(c, "max");
  const r = v ? fillRatio(v.value, min, max) : 0;
  const end = arcPoint(r);
  const text = v ? `${formatValue(v.value)} ${str(c, "unit")}` : "no value yet";
  return (
    <div className="pc-gauge">
      <div className="pc-label">{str(c, "label")}</div>
      <svg viewBox="0 0 100 62" className="pc-gauge-svg" role="img" aria-label={`${str(c, "label")}: ${text}, on a scale from ${min} to ${max}`}>
        <path d="M10 55 A40 40 0 0 1 90 55" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="8" strokeLinecap="round" />
        {v && r > 0 && <path d={`M10 55 A40 40 0 0 1 ${end.x.toFixed(2)} ${end.y.toFixed(2)}`} fill="none" stroke="#2d72d2" strokeWidth="8" strokeLinecap="round" />}
        <text x="10" y="62" fontSize="6" textAnchor="middle" fill="currentColor">{min}</text>
        <text x="90" y="62" fontSize="6" textAnchor="middle" fill="currentColor">{max}</text>
        <text x="50" y="50" fontSize="11" textAnchor="middle" fill="currentColor" data-testid="pc-gauge-value">{v ? formatValue(v.value, 1) : "—"}</text>
        <text x="50" y="59" fontSize="6" textAnchor="middle" fill="currentColor">{str(c, "unit")}</text>
      </svg>
      {!agent ? <NoDevice /> : !v && <NoData />}
    </div>
  );
});
