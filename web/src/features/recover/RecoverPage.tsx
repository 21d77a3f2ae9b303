/**
 * /recover (issue 11): without a token, ask for a reset link by e-mail (the same answer whether
 * the address has an account); with the link's token, choose a new password, which signs out
 * every session, then sign in with it.
 */
import { Button, Callout, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { CenteredCard } from "../../shell/CenteredCard";
import { RecoverStore } from "../../stores/RecoverStore";

export default observer(function RecoverPage() {
  const { messages } = useStores();
  const store = useStore(RecoverStore);
  const [params] = useSearchParams();
  const token = params.get("code");
  useEffect(() => store.start(token !== null), [store, token]);
  const errors = store.errors;

  if (store.phase === "sent") {
    return (
      <CenteredCard title="Check your mail" testId="recover-page">
        <Callout intent={Intent.SUCCESS} data-testid="recover-sent">{messages.text("PASSWORD_RESET_SENT")}</Callout>
        <p><Link to="/login">Back to sign in</Link></p>
      </CenteredCard>
    );
  }
  if (store.phase === "done") {
    return (
      <CenteredCard title="Password set" testId="recover-page">
        <Callout intent={Intent.SUCCESS} data-testid="recover-done">{messages.text("PASSWORD_RESET_DONE")}</Callout>
        <p><Link to="/login">Sign in</Link></p>
      </CenteredCard>
    );
  }
  if (store.phase === "choose" && token !== null) {
    const problems = store.problems;
    const submit = (e: FormEvent) => {
      e.preventDefault();
      void store.reset(token);
    };
    return (
      <CenteredCard title="Choose a new password" subtitle="Every session of your account is signed out when you set it." testId="recover-page">
        <form onSubmit={submit}>
          <FormGroup label="New password" labelFor="recover-password"
            helperText={errors["newPassword"] ?? (problems.length > 0 ? problems.join(" ") : "At least 10 characters, 5 of them different.")}
            intent={errors["newPassword"] || problems.length > 0 ? Intent.DANGER : Intent.NONE}>
            <InputGroup id="recover-password" type="password" autoComplete="new-password" autoFocus value={store.newPassword}
              onValueChange={(v) => store.setNewPassword(v)} data-testid="recover-new-password" />
          </FormGroup>
          {(errors["token"] || errors[""]) && <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 16 }}>{errors["token"] ?? errors[""]}</Callout>}
          <Button type="submit" intent={Intent.PRIMARY} fill loading={store.working} disabled={store.newPassword === "" || problems.length > 0}
            text="Set password" data-testid="recover-set-password" />
          {errors["token"] && <p><Link to="/recover">Ask for a new link</Link></p>}
        </form>
      </CenteredCard>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.requestLink();
  };
  return (
    <CenteredCard title="Recover your account" subtitle="We mail you a link to choose a new password (valid for 1 hour)." testId="recover-page">
      <form onSubmit={submit}>
        <FormGroup label="Email" labelFor="recover-email" helperText={errors["email"] ?? errors[""]} intent={errors["email"] || errors[""] ? Intent.DANGER : Intent.NONE}>
          <InputGroup id="recover-email" type="email" autoComplete="username" autoFocus value={store.email}
            onValueChange={(v) => store.setEmail(v)} data-testid="recover-email" />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} fill loading={store.working} disabled={store.email.trim() === ""} text="Send link" data-testid="recover-send" />
        <p className="login-links"><Link to="/login">Back to sign in</Link></p>
      </form>
    </CenteredCard>
  );
});
