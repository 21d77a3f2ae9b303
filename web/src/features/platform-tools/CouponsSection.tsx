import { Button, FormGroup, HTMLSelect, HTMLTable, InputGroup } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import type { ActivationFeature } from "@portal/core/domain/Activation";
import { featureLabel } from "../../stores/DeviceLicenceStore";
import type { PlatformToolsStore } from "../../stores/PlatformToolsStore";

const FEATURES: ReadonlyArray<ActivationFeature> = ["alarming", "logging"];

/** The coupons issued (single-use), and a form to issue one. */
export const CouponsSection = observer(function CouponsSection({ store }: { readonly store: PlatformToolsStore }) {
  const f = store.couponForm;
  const e = store.couponErrors;
  const field = (key: string) => ({ intent: e[key] ? ("danger" as const) : ("none" as const), helperText: e[key] });
  return (
    <section aria-labelledby="pt-coupons">
      <h2 id="pt-coupons">Coupons</h2>
      <form className="pt-form" data-testid="pt-coupon-form" onSubmit={(ev) => { ev.preventDefault(); void store.issueCoupon(); }}>
        <FormGroup label="Feature" labelFor="pt-coupon-feature" {...field("feature")}>
          <HTMLSelect id="pt-coupon-feature" value={f.feature} fill onChange={(ev) => store.editCoupon({ feature: ev.currentTarget.value as ActivationFeature })}
            options={FEATURES.map((x) => ({ value: x, label: featureLabel(x) }))} />
        </FormGroup>
        <FormGroup label="Days" labelFor="pt-coupon-days" {...field("days")}>
          <InputGroup id="pt-coupon-days" type="number" min={1} value={f.days} onValueChange={(v) => store.editCoupon({ days: v })} />
        </FormGroup>
        <FormGroup label="Code" labelFor="pt-coupon-code" labelInfo="(optional: made up when empty)" {...field("code")}>
          <InputGroup id="pt-coupon-code" value={f.code} onValueChange={(v) => store.editCoupon({ code: v })} />
        </FormGroup>
        <Button type="submit" intent="primary" icon="tag" text="Issue coupon" loading={store.busy === "coupon"} />
        {e[""] && <p className="pt-error" role="alert">{e[""]}</p>}
      </form>
      {store.coupons.length === 0 ? <p className="bp6-text-muted">No coupon has been issued yet.</p> : (
        <div className="pt-scroll">
          <HTMLTable compact striped data-testid="pt-coupons">
            <thead><tr><th scope="col">Code</th><th scope="col">Feature</th><th scope="col">Days</th><th scope="col">State</th></tr></thead>
            <tbody>
              {store.coupons.map((c) => (
                <tr key={c.publicId} data-testid="pt-coupon-row">
                  <td data-label="Code"><code>{c.code}</code></td>
                  <td data-label="Feature">{featureLabel(c.feature)}</td>
                  <td data-label="Days">{c.days}</td>
                  <td data-label="State">{c.redeemedOn === null ? <Tag minimal intent="success">Not redeemed</Tag> : <Tag minimal>Redeemed {c.redeemedOn.slice(0, 10)}</Tag>}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  );
});

/** Replaces a user's two-factor backup codes and mails the new ones to them. */
export const BackupCodesSection = observer(function BackupCodesSection({ store }: { readonly store: PlatformToolsStore }) {
  const e = store.backupErrors;
  const problem = e["email"] ?? e["user.publicId"] ?? e[""];
  return (
    <section aria-labelledby="pt-backup">
      <h2 id="pt-backup">Backup codes</h2>
      <p className="bp6-text-muted">A user who lost their backup codes gets ten new ones by mail; the old ones stop working.</p>
      <form className="pt-form" data-testid="pt-backup-form" onSubmit={(ev) => { ev.preventDefault(); void store.resendBackupCodes(); }}>
        <FormGroup label="User's e-mail address" labelFor="pt-backup-email" intent={problem ? "danger" : "none"} helperText={problem}>
          <InputGroup id="pt-backup-email" type="email" value={store.backupEmail} onValueChange={(v) => store.setBackupEmail(v)} />
        </FormGroup>
        <Button type="submit" icon="envelope" text="Mail new backup codes" loading={store.busy === "backup"} />
      </form>
    </section>
  );
});
