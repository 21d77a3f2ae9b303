import { Button, Callout, Card, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useState, type FormEvent } from "react";
import QRCode from "qrcode";
import { useStore } from "../../app/StoreContext";
import { TwoFactorStore } from "../../stores/TwoFactorStore";

/** The otpauth URI as a QR code image (a data: URL, which the CSP allows for images). */
function QrImage({ uri }: { readonly uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => { if (live) setSrc(url); }, () => { if (live) setSrc(null); });
    return () => { live = false; };
  }, [uri]);
  return src === null ? null : <img src={src} width={200} height={200} alt="QR code for your authenticator app" data-testid="two-factor-qr" />;
}

/** Enrol (QR code and secret), turn on with a code, backup codes shown once, turn off. */
export const TwoFactorSection = observer(function TwoFactorSection() {
  const store = useStore(TwoFactorStore);
  const ids = useId();
  const code = (label: string, submit: () => void, submitText: string, intent: Intent = Intent.PRIMARY) => (
    <form onSubmit={(e: FormEvent) => { e.preventDefault(); submit(); }} className="my-profile-inline">
      <FormGroup label={label} labelFor={`${ids}-otp`} helperText={store.errors["otp"] ?? store.errors[""]} intent={store.errors["otp"] || store.errors[""] ? Intent.DANGER : Intent.NONE}>
        <InputGroup id={`${ids}-otp`} inputMode="numeric" autoComplete="one-time-code" value={store.otp} onValueChange={(v) => store.setOtp(v)} data-testid="two-factor-code" />
      </FormGroup>
      <Button type="submit" intent={intent} text={submitText} loading={store.working} disabled={store.otp === ""} />
    </form>
  );
  return (
    <Card className="my-profile-section" data-testid="two-factor-section">
      <h2 className="bp6-heading">Two-factor authentication {store.phase === "on" ? <Tag intent={Intent.SUCCESS} minimal>On</Tag> : <Tag minimal>Off</Tag>}</h2>
      {store.backupCodes !== null && (
        <Callout intent={Intent.WARNING} title="Your backup codes" data-testid="backup-codes">
          <p>Keep them somewhere safe: each works once instead of a code from the app. They are shown only now.</p>
          <ul className="backup-codes">{store.backupCodes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
          <Button text="I have saved them" onClick={() => store.closeBackupCodes()} />
        </Callout>
      )}
      {store.phase === "off" && (
        <>
          <p>Ask for a code from an authenticator app at every sign-in, besides your password.</p>
          <Button intent="primary" text="Set up two-factor authentication" loading={store.working} onClick={() => void store.enrol()} data-testid="two-factor-enrol" />
        </>
      )}
      {store.phase === "enrolling" && store.enrolment !== null && (
        <>
          <p>Scan this code with your authenticator app, or type the key into it. Then enter the code the app shows.</p>
          <QrImage uri={store.enrolment.otpauthUri} />
          <p>Key: <code data-testid="two-factor-secret">{store.enrolment.secret}</code></p>
          {code("Code from the app", () => void store.verify(), "Turn on")}
          <Button variant="minimal" text="Cancel" onClick={() => store.cancelEnrolment()} />
        </>
      )}
      {store.phase === "on" && store.backupCodes === null && (
        <>
          <p>Enter a code from the app (or a backup code) to make new backup codes or to turn two-factor off.</p>
          {code("Code", () => void store.renewBackupCodes(), "New backup codes")}
          <Button intent="danger" variant="outlined" text="Turn off two-factor" disabled={store.otp === ""} loading={store.working} onClick={() => void store.disable()} />
        </>
      )}
    </Card>
  );
});
