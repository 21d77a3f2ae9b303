import { Button, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link } from "react-router";
import type { AgentView } from "@portal/core/domain/Device";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import type { OnlineFilter } from "../../stores/DevicesStore";
import { AccessRequestDialogLazy } from "./AccessRequestDialogLazy";
import { CustomFieldFilter } from "../custom-fields/CustomFieldFilter";
import { MY_ACCESS_INTENT, myAccessLabel } from "./accessView";
import "./devices.css";
import { AccessRequestDialogStore } from "../../stores/AccessRequestDialogStore";
import { DevicesStore } from "../../stores/DevicesStore";

const ONLINE_OPTIONS: ReadonlyArray<{ value: OnlineFilter; label: string }> = [
  { value: "all", label: "Online and offline" }, { value: "online", label: "Online" }, { value: "offline", label: "Offline" },
];

/** /devices: the devices I can request access to, with my access at a glance and "Request access". */
export const DevicesPage = observer(function DevicesPage() {
  const devices = useStore(DevicesStore);
  useEffect(() => {
    void devices.reload();
    return () => devices.dispose();
  }, [devices]);
  return (
    <div className="devices-page" data-testid="devices-page">
      <ScreenHeader title="Devices">
        <div className="devices-toolbar">
          <InputGroup type="search" leftIcon="search" aria-label="Search devices by name" placeholder="Search by name"
            value={devices.search} onValueChange={(v) => devices.setSearch(v)} data-testid="devices-search" />
          <HTMLSelect aria-label="Online state" value={devices.online} options={[...ONLINE_OPTIONS]} data-testid="devices-online"
            onChange={(e) => devices.setOnline(e.currentTarget.value as OnlineFilter)} />
          <HTMLSelect aria-label="Group" value={devices.group ?? ""} data-testid="devices-group"
            options={[{ value: "", label: "All groups" }, ...devices.groupChoices.map((g) => ({ value: g.publicId, label: g.name }))]}
            onChange={(e) => devices.setGroup(e.currentTarget.value === "" ? null : e.currentTarget.value)} />
          <CustomFieldFilter target="device" filter={devices.fieldFilter} issue={devices.fieldFilterIssue}
            onChange={(field, value) => devices.setFieldFilter(field, value)} />
        </div>
      </ScreenHeader>
      <DevicesBody store={devices} />
      <AccessRequestDialogLazy />
    </div>
  );
});

export default DevicesPage;

const DevicesBody = observer(function DevicesBody({ store }: { readonly store: DevicesStore }) {
  if (store.state === "failed") {
    return <NonIdealState icon="error" title="The devices could not be loaded" action={<Button icon="refresh" text="Try again" onClick={() => void store.reload()} />} />;
  }
  if (store.state !== "ready" && store.devices.length === 0) return <Spinner size={32} />;
  if (store.devices.length === 0) {
    return store.isFiltered
      ? <NonIdealState icon="search" title="No device matches the filters" />
      : <NonIdealState icon="desktop" title="No devices yet" description="Devices of your company that you can request access to are listed here." />;
  }
  return (
    <>
      <HTMLTable striped className="devices-table" data-testid="devices-table">
        <thead><tr><th>Device</th><th>My access</th><th>State</th><th><span className="bp6-text-muted">Actions</span></th></tr></thead>
        <tbody>{store.devices.map((d) => <DeviceRow key={d.publicId} device={d} />)}</tbody>
      </HTMLTable>
      <div className="devices-footer">
        {store.moreAfter !== null && (
          <Button icon="more" text="Load more" loading={store.loadingMore} disabled={!store.canLoadMore}
            onClick={() => void store.loadMore()} data-testid="devices-load-more" />
        )}
        <span className="bp6-text-muted" data-testid="devices-count">
          {store.devices.length === 1 ? "1 device" : `${store.devices.length} devices`}{store.moreAfter === null ? "" : " so far"}
        </span>
        {store.state === "pending" && <Spinner size={16} />}
      </div>
    </>
  );
});

const DeviceRow = observer(function DeviceRow({ device }: { readonly device: AgentView }) {
  const accessRequestDialog = useStore(AccessRequestDialogStore);
  return (
    <tr data-testid="device-row">
      <td><Link to={`/devices/${device.publicId}`} data-testid="device-link">{device.name}</Link></td>
      <td><Tag minimal intent={MY_ACCESS_INTENT[device.myAccess.state]} data-testid="my-access">{myAccessLabel(device.myAccess)}</Tag></td>
      <td><OnlineState online={device.online} /></td>
      <td>
        <Button icon="lock" text="Request access" aria-label={`Request access to ${device.name}`} data-testid="request-access" className="device-request"
          onClick={() => void accessRequestDialog.open(device)} />
      </td>
    </tr>
  );
});

export function OnlineState({ online }: { readonly online: boolean }) {
  return <span className="device-online"><span className={online ? "device-dot is-online" : "device-dot"} aria-hidden />{online ? "Online" : "Offline"}</span>;
}
