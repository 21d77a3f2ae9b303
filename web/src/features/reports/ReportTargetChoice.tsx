import { FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../app/StoreContext";
import { matchesTargetQuery, type ReportQueueDialog } from "../../stores/ReportQueueDialog";
import { ReportsStore } from "../../stores/ReportsStore";

/**
 * The device or asset a report is about (spec 3: optional agent or asset): a search that narrows
 * the choices by name (an asset also by its device's name), and one select with a group of
 * devices and a group of assets. The chosen one stays listed whatever the search.
 */
export const TargetChoice = observer(function TargetChoice({ dialog, issue }: {
  readonly dialog: ReportQueueDialog;
  /** The message key of the server's issue with the device or asset, if any. */
  readonly issue: string | undefined;
}) {
  const { messages } = useStores();
  const reports = useStore(ReportsStore);
  const q = dialog.targetQuery;
  const chosen = dialog.target;
  const assetLabel = (a: (typeof reports.assets)[number]) => `${a.name} (on ${a.agent.name})`;
  const devices = reports.devices.filter((d) => `agent:${d.publicId}` === chosen || matchesTargetQuery(d.name, q));
  const assets = reports.assets.filter((a) => `asset:${a.publicId}` === chosen || matchesTargetQuery(`${a.name} ${a.agent.name}`, q));
  const none = devices.length === 0 && assets.length === 0;
  return (
    <FormGroup label="Device or asset" labelFor="report-target" labelInfo="(optional)" intent={issue ? "danger" : "none"}
      helperText={issue ? messages.text(issue) : "The report shows this device's data; for an asset, the data of the device it is on."}>
      <InputGroup type="search" leftIcon="search" placeholder="Search devices and assets" aria-label="Search devices and assets" value={q}
        onValueChange={(v) => dialog.setTargetQuery(v)} data-testid="report-target-search" className="report-target-search" />
      <HTMLSelect id="report-target" value={chosen} fill onChange={(e) => dialog.setTarget(e.currentTarget.value)} data-testid="report-target">
        <option value="">No device or asset</option>
        {none && q.trim() !== "" && <option value="-" disabled>Nothing matches the search</option>}
        {devices.length > 0 && (
          <optgroup label="Devices">
            {devices.map((d) => <option key={d.publicId} value={`agent:${d.publicId}`}>{d.name}</option>)}
          </optgroup>
        )}
        {assets.length > 0 && (
          <optgroup label="Assets">
            {assets.map((a) => <option key={a.publicId} value={`asset:${a.publicId}`}>{assetLabel(a)}</option>)}
          </optgroup>
        )}
      </HTMLSelect>
    </FormGroup>
  );
});
