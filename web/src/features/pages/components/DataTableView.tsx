/** Data table (issue 13): every data point of the device with its newest value and time, live. */
import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { DataPointsStore, useStore } from "../pageStores";
import type { ComponentContext } from "../ComponentView";
import { formatTime, formatValue, NoData, NoDevice, str, useDeviceWatch } from "./dataPointParts";

export const DataTableView = observer(function DataTableView({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  const dataPoints = useStore(DataPointsStore);
  const agent = useDeviceWatch(ctx);
  const rows = agent ? dataPoints.valuesOf(agent) : [];
  return (
    <div className="pc-table">
      <div className="pc-label">{str(c, "label")}</div>
      {!agent ? <NoDevice /> : rows.length === 0 ? <NoData /> : (
        <HTMLTable compact striped className="pc-table-grid" data-testid="pc-data-table">
          <thead><tr><th scope="col">Data point</th><th scope="col">Value</th><th scope="col">Time</th></tr></thead>
          <tbody>{rows.map((r) => <tr key={r.name}><td>{r.name}</td><td>{formatValue(r.value, 3)}</td><td>{formatTime(r.ts)}</td></tr>)}</tbody>
        </HTMLTable>
      )}
    </div>
  );
});
