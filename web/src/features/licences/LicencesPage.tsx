import { Button, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link } from "react-router";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { featureLabel } from "../../stores/DeviceLicenceStore";
import { expiryText, METHOD_LABEL } from "./licenceView";
import "./licences.css";
import { LicencesStore } from "../../stores/LicencesStore";

/**
 * /licenses (manage:licences; COMPANY menu): the company's licence bundles with seats and expiry
 * (extend adds the type's period), and every device holding something with what expires when.
 */
export const LicencesPage = observer(function LicencesPage() {
  const store = useStore(LicencesStore);
  useEffect(() => {
    void store.load();
  }, [store]);
  const now = store.now();
  if (store.state === "pending" && store.bundles.length === 0) return <Spinner size={32} />;
  return (
    <div className="licences-page" data-testid="licences-page">
      <ScreenHeader title="Licences" />
      <section aria-labelledby="licence-bundles">
        <h2 id="licence-bundles">Licence bundles</h2>
        {store.bundles.length === 0 ? <NonIdealState icon="id-number" title="No licence bundles" description="Your platform administrator adds licence bundles to the company." /> : (
          <div className="licences-scroll">
            <HTMLTable compact striped data-testid="licence-bundles">
              <thead><tr><th scope="col">Licence</th><th scope="col">Features</th><th scope="col">Seats used</th><th scope="col">Expiry</th><th scope="col"><span className="bp6-text-muted">Actions</span></th></tr></thead>
              <tbody>
                {store.bundles.map((b) => (
                  <tr key={b.publicId} data-testid="licence-bundle-row">
                    <td data-label="Licence"><strong>{b.licenceType.name}</strong></td>
                    <td data-label="Features">{b.licenceType.features.map(featureLabel).join(", ")}</td>
                    <td data-label="Seats used">{b.seatsUsed} of {b.seats}</td>
                    <td data-label="Expiry"><ExpiryTag iso={b.expiresOn} now={now} /></td>
                    <td><Button size="small" variant="minimal" icon="time" text="Extend" aria-label={`Extend ${b.licenceType.name}`}
                      loading={store.extending === b.publicId} onClick={() => void store.extend(b.publicId)} /></td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </section>
      <section aria-labelledby="licence-devices">
        <h2 id="licence-devices">Devices</h2>
        {store.licensedDevices.length === 0 ? <p className="bp6-text-muted">No device holds a trial, licence or coupon yet.</p> : (
          <div className="licences-scroll">
            <HTMLTable compact striped data-testid="licence-devices">
              <thead><tr><th scope="col">Device</th><th scope="col">Alarming and logging</th><th scope="col">Bundles</th></tr></thead>
              <tbody>
                {store.licensedDevices.map((d) => (
                  <tr key={d.publicId} data-testid="licence-device-row">
                    <td data-label="Device"><Link to={`/devices/${d.publicId}`}>{d.name}</Link></td>
                    <td data-label="Alarming and logging">
                      {d.activations.length === 0 ? <span className="bp6-text-muted">None</span> : d.activations.map((a) => (
                        <div key={a.feature}>{featureLabel(a.feature)} · {METHOD_LABEL[a.method]} · <ExpiryTag iso={a.expiresOn} now={now} /></div>
                      ))}
                    </td>
                    <td data-label="Bundles">{d.bundles.length === 0 ? <span className="bp6-text-muted">None</span> : d.bundles.map((b) => <div key={b.publicId}>{b.name}</div>)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </section>
    </div>
  );
});

/** The expiry as words, warning within 14 days and danger once past. */
export function ExpiryTag({ iso, now }: { iso: string; now: number }) {
  const ms = Date.parse(iso) - now;
  const intent = ms <= 0 ? "danger" : ms < 14 * 86_400_000 ? "warning" : "none";
  return <Tag minimal intent={intent}>{expiryText(iso, now)}</Tag>;
}

export default LicencesPage;
