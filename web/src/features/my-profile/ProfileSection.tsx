import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useId, useMemo, type FormEvent } from "react";
import { PROFILE_LANGUAGES } from "@portal/core/rules/profile";
import { useStore } from "../../app/StoreContext";
import { MyProfileStore } from "../../stores/MyProfileStore";

/** Every time zone the browser knows, for the select. */
const timeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return ["UTC"];
  }
};

/** Name, language and time zone; Save keeps what was typed when it fails. */
export const ProfileSection = observer(function ProfileSection() {
  const store = useStore(MyProfileStore);
  const ids = useId();
  const zones = useMemo(timeZones, []);
  const { profile, profileErrors: errors } = store;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.saveProfile();
  };
  return (
    <Card className="my-profile-section" data-testid="profile-section">
      <h2 className="bp6-heading">Profile</h2>
      <form onSubmit={submit}>
        <FormGroup label="Name" labelFor={`${ids}-name`} intent={errors["name"] ? Intent.DANGER : Intent.NONE} helperText={errors["name"]}>
          <InputGroup id={`${ids}-name`} value={profile.name} intent={errors["name"] ? Intent.DANGER : Intent.NONE}
            onValueChange={(name) => store.editProfile({ name })} data-testid="profile-name" />
        </FormGroup>
        <FormGroup label="Language" labelFor={`${ids}-language`} helperText={errors["language"]} intent={errors["language"] ? Intent.DANGER : Intent.NONE}>
          <HTMLSelect id={`${ids}-language`} value={profile.language} onChange={(e) => store.editProfile({ language: e.currentTarget.value })} data-testid="profile-language">
            <option value="">The browser's language</option>
            {PROFILE_LANGUAGES.map((l) => <option key={l.code} value={l.code}>{l.label}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Time zone" labelFor={`${ids}-zone`} helperText={errors["timeZone"] ?? "Dates in the portal are shown in this time zone."}
          intent={errors["timeZone"] ? Intent.DANGER : Intent.NONE}>
          <HTMLSelect id={`${ids}-zone`} value={profile.timeZone} onChange={(e) => store.editProfile({ timeZone: e.currentTarget.value })} data-testid="profile-time-zone">
            <option value="">The browser's time zone</option>
            {zones.map((z) => <option key={z} value={z}>{z}</option>)}
          </HTMLSelect>
        </FormGroup>
        {errors[""] && <p className="my-profile-error" role="alert">{errors[""]}</p>}
        <div className="my-profile-actions">
          <Button text="Reset" disabled={!store.isProfileDirty || store.savingProfile} onClick={() => store.resetProfile()} />
          <Button type="submit" intent="primary" text="Save profile" loading={store.savingProfile}
            disabled={!store.isProfileDirty || errors["name"] !== undefined} data-testid="profile-save" />
        </div>
      </form>
    </Card>
  );
});

/** My address, a pending new one, and the form that mails the confirmation link to a new one. */
export const EmailSection = observer(function EmailSection() {
  const store = useStore(MyProfileStore);
  const ids = useId();
  const errors = store.emailErrors;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.requestEmailChange();
  };
  return (
    <Card className="my-profile-section" data-testid="email-section">
      <h2 className="bp6-heading">E-mail address</h2>
      <p>Your address: <strong data-testid="current-email">{store.user?.email}</strong></p>
      {store.user?.pendingEmail && (
        <p data-testid="pending-email"><Tag intent={Intent.WARNING} minimal>Waiting for confirmation</Tag> {store.user.pendingEmail}: follow the link we mailed there.</p>
      )}
      <form onSubmit={submit}>
        <FormGroup label="New e-mail address" labelFor={`${ids}-email`} helperText={errors["email"] ?? "It changes only after you follow the link we mail to it (valid 24 hours)."}
          intent={errors["email"] ? Intent.DANGER : Intent.NONE}>
          <InputGroup id={`${ids}-email`} type="email" autoComplete="email" value={store.email} onValueChange={(email) => store.editEmail({ email })} data-testid="new-email" />
        </FormGroup>
        <FormGroup label="Your password" labelFor={`${ids}-pw`} helperText={errors["password"]} intent={errors["password"] ? Intent.DANGER : Intent.NONE}>
          <InputGroup id={`${ids}-pw`} type="password" autoComplete="current-password" value={store.emailPassword}
            onValueChange={(password) => store.editEmail({ password })} data-testid="email-password" />
        </FormGroup>
        {errors[""] && <p className="my-profile-error" role="alert">{errors[""]}</p>}
        <div className="my-profile-actions">
          <Button type="submit" intent="primary" text="Send confirmation link" loading={store.savingEmail}
            disabled={store.email.trim() === "" || store.emailPassword === ""} data-testid="email-change-submit" />
        </div>
      </form>
    </Card>
  );
});
