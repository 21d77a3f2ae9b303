import { Button, Card, Checkbox, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, type FormEvent } from "react";
import { useStore } from "../../app/StoreContext";
import { MyProfileStore } from "../../stores/MyProfileStore";

/** Old and new password, "sign out my other sessions"; the strength rule shows as the user types. */
export const PasswordSection = observer(function PasswordSection() {
  const store = useStore(MyProfileStore);
  const ids = useId();
  const { password: form, passwordErrors: errors } = store;
  const problems = store.newPasswordProblems;
  const newHelp = errors["newPassword"] ?? (problems.length > 0 ? problems.join(" ") : "At least 10 characters, 5 of them different; not your name or e-mail.");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.changePassword();
  };
  return (
    <Card className="my-profile-section" data-testid="password-section">
      <h2 className="bp6-heading">Password</h2>
      <form onSubmit={submit}>
        <FormGroup label="Current password" labelFor={`${ids}-old`} helperText={errors["oldPassword"]} intent={errors["oldPassword"] ? Intent.DANGER : Intent.NONE}>
          <InputGroup id={`${ids}-old`} type="password" autoComplete="current-password" value={form.oldPassword}
            onValueChange={(oldPassword) => store.editPassword({ oldPassword })} data-testid="old-password" />
        </FormGroup>
        <FormGroup label="New password" labelFor={`${ids}-new`} helperText={newHelp}
          intent={errors["newPassword"] || problems.length > 0 ? Intent.DANGER : Intent.NONE}>
          <InputGroup id={`${ids}-new`} type="password" autoComplete="new-password" value={form.newPassword}
            onValueChange={(newPassword) => store.editPassword({ newPassword })} data-testid="new-password" />
        </FormGroup>
        <Checkbox checked={form.signOutOthers} label="Sign out my other sessions" onChange={(e) => store.editPassword({ signOutOthers: e.currentTarget.checked })} />
        {errors[""] && <p className="my-profile-error" role="alert">{errors[""]}</p>}
        <div className="my-profile-actions">
          <Button type="submit" intent="primary" text="Change password" loading={store.savingPassword} disabled={!store.canChangePassword} data-testid="change-password" />
        </div>
      </form>
    </Card>
  );
});
