import { Button, FormGroup, HTMLSelect, HTMLTable, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { AgentView } from "@portal/core/domain/Device";
import type { GroupStore } from "../../stores/GroupStore";

/**
 * The devices of the selected group (the roles its members hold apply on them) and the device
 * picker: search the company's devices by name, choose one, add; remove per row.
 */
export const GroupDevicesSection = observer(function GroupDevicesSection({ store }: { store: GroupStore }) {
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<ReadonlyArray<AgentView>>([]);
  const [agent, setAgent] = useState("");
  const [busy, setBusy] = useState(false);
  const inGroup = new Set(store.agents.map((a) => a.publicId));
  const choices = found.filter((a) => !inGroup.has(a.publicId));
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => { void store.deviceChoices(search).then((list) => live && setFound(list)); }, 250);
    return () => { live = false; window.clearTimeout(timer); };
  }, [store, search]);
  const chosen = choices.some((a) => a.publicId === agent) ? agent : choices[0]?.publicId ?? "";
  const add = async () => {
    setBusy(true);
    await store.addAgent(chosen);
    setBusy(false);
  };
  return (
    <section className="group-section" aria-labelledby="group-devices-heading">
      <h4 id="group-devices-heading" className="bp6-heading">Devices</h4>
      {store.agents.length === 0 ? <p className="bp6-text-muted">No devices in this group.</p> : (
        <HTMLTable compact striped className="group-table" data-testid="group-devices">
          <thead><tr><th>Device</th><th style={{ width: 90 }}><span className="bp6-text-muted">Remove</span></th></tr></thead>
          <tbody>
            {store.agents.map((a) => (
              <tr key={a.publicId}>
                <td>{a.name}</td>
                <td><Button size="small" variant="minimal" icon="cross" aria-label={`Remove ${a.name} from the group`} disabled={!store.canManage}
                  onClick={() => void store.removeAgent(a.publicId)} /></td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {store.canManage && (
        <div className="group-add-row">
          <FormGroup label="Find a device" labelFor="device-search">
            <InputGroup id="device-search" leftIcon="search" placeholder="Device name" value={search} onValueChange={setSearch} />
          </FormGroup>
          <FormGroup label="Device" labelFor="device-choice">
            <HTMLSelect id="device-choice" value={chosen} onChange={(e) => setAgent(e.currentTarget.value)}>
              {choices.length === 0 && <option value="">No device found</option>}
              {choices.map((a) => <option key={a.publicId} value={a.publicId}>{a.name}</option>)}
            </HTMLSelect>
          </FormGroup>
          <FormGroup>
            <Button icon="plus" text="Add device" loading={busy} disabled={chosen === ""} onClick={() => void add()} />
          </FormGroup>
        </div>
      )}
    </section>
  );
});
