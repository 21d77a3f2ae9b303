/** Wear and tear (issue 13): operating hours against the configured service interval (core wearAndTear). */
import { Intent, ProgressBar } from "@blueprintjs/core";
import { Tag } from "../componentDeps";
import { observer } from "mobx-react-lite";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { wearAndTear } from "@portal/core/rules/dataPoints";
import { DataPointsStore, useStore } from "../pageStores";
import type { ComponentContext } from "../ComponentView";
import { formatValue, NoData, NoDevice, num, str, useDeviceWatch } from "./dataPointParts";

const STATE = { ok: { text: "OK", intent: Intent.SUCCESS }, soon: { text: "Service soon", intent: Intent.WARNING }, due: { text: "Service due", intent: Intent.DANGER } } as const;

export const WearAndTearView = observer(function WearAndTearView({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  const dataPoints = useStore(DataPointsStore);
  const agent = useDeviceWatch(ctx);
  const v = agent ? dataPoints.value(agent, str(c, "dataPoint")) : undefined;
  const wear = v ? wearAndTear(v.value, num(c, "intervalHours")) : null;
  return (
    <div className="pc-wear">
      <div className="pc-label">{str(c, "label")}</div>
      {!agent ? <NoDevice /> : !v ? <NoData /> : !wear ? <span className="pc-nodata">The operating hours cannot be read as hours.</span> : (
        <div data-testid="pc-wear">
          <div className="pc-wear-head">
            <span>{formatValue(v.value, 1)} h in total</span> <Tag minimal intent={STATE[wear.state].intent}>{STATE[wear.state].text}</Tag>
          </div>
          <ProgressBar value={wear.used} intent={STATE[wear.state].intent} stripes={false} animate={false}
            aria-label={`${Math.round(wear.used * 100)}% of the service interval used`} />
          <div className="pc-meta">{formatValue(wear.untilService, 1)} h until the next service (every {formatValue(num(c, "intervalHours"))} h)</div>
        </div>
      )}
    </div>
  );
});
