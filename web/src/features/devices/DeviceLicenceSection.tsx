import { Button, Callout, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useState, type FormEvent } from "react";
import { ACTIVATION_FEATURES, type ActivationFeature } from "@portal/core/domain/Activation";
import { useStores } from "../../app/StoreContext";
import { DeviceLicenceStore, featureLabel } from "../../stores/DeviceLicenceStore";
import { ExpiryTag } from "../licences/LicencesPage";
import { METHOD_LABEL } from "../licences/licenceView";
import "../licences/licences.css";
import { LicencesStore } from "../../stores/LicencesStore";

/**
 * A device's licences on its page (issue 12): alarming and logging with how each is paid for and
 * when it expires, the bundles on the device, and, with manage:licences, trial / licence /
 * coupon activation, deactivation and bundles on and off. A refused coupon stays in the field.
 */
export const DeviceLicenceSection = observer(function DeviceLicenceSection({ agentPublicId }: { agentPublicId: string }) {
  const root = useStores();
  const [store] = useState(() => new DeviceLicenceStore(root, agentPublicId));
  useEffect(() => void store.load(), [store]);
  // An activation of this device ended (pushed by the server): show the new state.
  const { changes, lastChangedDevice } = root.get(LicencesStore);
  useEffect(() => {
    if (changes > 0 && lastChangedDevice === agentPublicId) void store.load();
  }, [store, changes, lastChangedDevice, agentPublicId]);
  const couponId = useId();
  const licence = store.licence;
  if (store.state === "failed") return null;
  const now = store.now();
  const redeem = (e: FormEvent) => {
    e.preventDefault();
    void store.redeem();
  };
  return (
    <section aria-labelledby="device-licences" className="device-licences" data-testid="device-licences">
      <h2 id="device-licences">Licences</h2>
      {licence === null ? <p className="bp6-text-muted">Loading…</p> : (
        <>
          <ul>
            {ACTIVATION_FEATURES.map((f) => {
              const a = licence.activations.find((x) => x.feature === f);
              return (
                <li key={f} data-testid={`licence-${f}`}>
                  <strong>{featureLabel(f)}</strong>:{" "}
                  {a ? <>{METHOD_LABEL[a.method]}{a.licence ? ` (${a.licence.name})` : ""} <ExpiryTag iso={a.expiresOn} now={now} /></> : <span className="bp6-text-muted">not active</span>}
                  {store.canManage && <FeatureActions store={store} feature={f} active={a !== undefined} trialUsed={licence.trialsUsed.includes(f)} />}
                </li>
              );
            })}
            <li data-testid="licence-bundles-on-device">
              <strong>Bundles</strong>:{" "}
              {licence.bundles.length === 0 ? <span className="bp6-text-muted">none</span> : licence.bundles.map((b) => (
                <span key={b.publicId} className="device-licence-bundle">
                  <Tag minimal>{b.name}</Tag> <ExpiryTag iso={b.expiresOn} now={now} />
                  {store.canManage && <Button size="small" variant="minimal" icon="cross" aria-label={`Remove ${b.name} from this device`} disabled={store.busy}
                    onClick={() => void store.removeBundle(b.publicId)} />}
                </span>
              ))}
            </li>
            {licence.demoExpiresOn && <li><strong>Demo device</strong>: <ExpiryTag iso={licence.demoExpiresOn} now={now} /></li>}
          </ul>
          {store.canManage && (
            <>
              <form className="device-licence-controls" onSubmit={redeem} data-testid="coupon-form">
                <label htmlFor={couponId}>Coupon code</label>
                <InputGroup id={couponId} value={store.couponCode} onValueChange={(v) => store.setCoupon(v)} placeholder="e.g. DEMO-ALARM-30" data-testid="coupon-code" />
                <HTMLSelect aria-label="Feature of the coupon" value={store.couponFeature} onChange={(e) => store.setCouponFeature(e.currentTarget.value as ActivationFeature)}
                  options={ACTIVATION_FEATURES.map((f) => ({ value: f, label: featureLabel(f) }))} />
                <Button type="submit" intent="primary" text="Redeem" disabled={store.couponCode.trim() === "" || store.busy} loading={store.busy} data-testid="coupon-redeem" />
              </form>
              {store.freeBundles.length > 0 && (
                <div className="device-licence-controls">
                  {store.freeBundles.map((b) => (
                    <Button key={b.publicId} size="small" icon="add" text={`Add ${b.licenceType.name} (${b.seats - b.seatsUsed} of ${b.seats} seats free)`}
                      disabled={store.busy || b.seatsUsed >= b.seats} onClick={() => void store.activateBundle(b.publicId)} />
                  ))}
                </div>
              )}
            </>
          )}
          {store.failure && <Callout intent="danger" role="alert" compact data-testid="licence-failure">{store.failure}</Callout>}
          {store.done && <p role="status" className="bp6-text-muted" data-testid="licence-done">{store.done}</p>}
        </>
      )}
    </section>
  );
});

/** Trial, licence and deactivation buttons of one feature. */
const FeatureActions = observer(function FeatureActions({ store, feature, active, trialUsed }: { store: DeviceLicenceStore; feature: ActivationFeature; active: boolean; trialUsed: boolean }) {
  const licences = store.bundles.filter((b) => b.licenceType.features.includes(feature) && b.seatsUsed < b.seats);
  const name = featureLabel(feature);
  if (active) {
    return <Button size="small" variant="minimal" icon="disable" text="Deactivate" aria-label={`Deactivate ${name}`} disabled={store.busy} onClick={() => void store.deactivate(feature)} />;
  }
  return (
    <span className="device-licence-actions">
      {!trialUsed && <Button size="small" variant="minimal" icon="time" text="Start trial" aria-label={`Start trial of ${name}`} disabled={store.busy}
        onClick={() => void store.activate(feature, { trial: true })} />}
      {licences.map((b) => (
        <Button key={b.publicId} size="small" variant="minimal" icon="id-number" text={`Use ${b.licenceType.name}`} aria-label={`Use ${b.licenceType.name} for ${name}`}
          disabled={store.busy} onClick={() => void store.activate(feature, { licence: { publicId: b.publicId } })} />
      ))}
    </span>
  );
});
