import { Button, HTMLTable, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { dayOfExpiry } from "@portal/core/rules/licences";
import type { PlatformToolsStore } from "../../stores/PlatformToolsStore";

/** A day input with Save and a second action (end the trial, stop being a demo device), for one row. */
const DayEdit = observer(function DayEdit(props: {
  readonly store: PlatformToolsStore; readonly publicId: string; readonly current: string | null; readonly label: string;
  readonly onSave: () => void; readonly clearText: string; readonly onClear: () => void;
}) {
  const { store, publicId, current } = props;
  const value = store.dayEdits[publicId] ?? (current ? dayOfExpiry(current) : "");
  const error = store.rowErrors[publicId];
  return (
    <div className="pt-row-edit">
      <InputGroup type="date" value={value} aria-label={props.label} onValueChange={(v) => store.editDay(publicId, v)}
        onKeyDown={(e) => { if (e.key === "Enter") props.onSave(); }} />
      <Button size="small" text="Save" aria-label={`Save: ${props.label}`} loading={store.busy === publicId} onClick={props.onSave} />
      {current !== null && <Button size="small" variant="minimal" text={props.clearText} aria-label={`${props.clearText}: ${props.label}`} onClick={props.onClear} />}
      {error && <span className="pt-error" role="alert">{error}</span>}
    </div>
  );
});

/** Every company with its trial end: set a day, or end the trial. */
export const CompaniesSection = observer(function CompaniesSection({ store }: { readonly store: PlatformToolsStore }) {
  return (
    <section aria-labelledby="pt-companies">
      <h2 id="pt-companies">Companies and trials</h2>
      <div className="pt-scroll">
        <HTMLTable compact striped data-testid="pt-companies">
          <thead><tr><th scope="col">Company</th><th scope="col">Trial</th><th scope="col">Trial ends on (UTC)</th></tr></thead>
          <tbody>
            {store.companies.map((c) => (
              <tr key={c.publicId} data-testid="pt-company-row">
                <td data-label="Company"><strong>{c.name}</strong></td>
                <td data-label="Trial">{c.trialEndsOn === null ? "Not a trial company" : `Until ${dayOfExpiry(c.trialEndsOn)}`}</td>
                <td data-label="Trial ends on">
                  <DayEdit store={store} publicId={c.publicId} current={c.trialEndsOn} label={`Trial end of ${c.name}`}
                    onSave={() => void store.saveTrial(c.publicId)} clearText="End trial" onClear={() => void store.saveTrial(c.publicId, true)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
});

/** Demo devices with their expiry: move it, or make the device a normal one. */
export const DemoDevicesSection = observer(function DemoDevicesSection({ store }: { readonly store: PlatformToolsStore }) {
  return (
    <section aria-labelledby="pt-demo">
      <h2 id="pt-demo">Demo devices</h2>
      {store.demoDevices.length === 0 ? <p className="bp6-text-muted">No device is a demo device.</p> : (
        <div className="pt-scroll">
          <HTMLTable compact striped data-testid="pt-demo-devices">
            <thead><tr><th scope="col">Device</th><th scope="col">Company</th><th scope="col">Demo ends on (UTC)</th></tr></thead>
            <tbody>
              {store.demoDevices.map((d) => (
                <tr key={d.publicId} data-testid="pt-demo-row">
                  <td data-label="Device"><strong>{d.name}</strong></td>
                  <td data-label="Company">{d.company.name}</td>
                  <td data-label="Demo ends on">
                    <DayEdit store={store} publicId={d.publicId} current={d.demoExpiresOn} label={`Demo end of ${d.name}`}
                      onSave={() => void store.saveDemoExpiry(d.publicId)} clearText="Not a demo" onClear={() => void store.saveDemoExpiry(d.publicId, true)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  );
});
