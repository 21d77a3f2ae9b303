/**
 * /register (issue 11, spec 2): self sign-up where the host's sector allows it. The form checks
 * core's registration rule as the person types; the answer is "check your mail" whether or not
 * the address has an account. The mailed link comes back here as /register?code=, which confirms
 * the address; then the person signs in. The privacy statement is one link away.
 */
import { Button, Callout, FormGroup, InputGroup, Intent, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, type FormEvent } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { CenteredCard } from "../../shell/CenteredCard";
import "./register.css";
import { RegisterStore } from "../../stores/RegisterStore";

const FIELDS = [
  { field: "name", label: "Name", type: "text", autoComplete: "name" },
  { field: "email", label: "Email", type: "email", autoComplete: "email" },
  { field: "password", label: "Password", type: "password", autoComplete: "new-password" },
] as const;

export default observer(function RegisterPage() {
  const { session, branding } = useStores();
  const store = useStore(RegisterStore);
  const [params] = useSearchParams();
  const code = params.get("code");
  useEffect(() => {
    store.start(code);
    if (code === null) void store.loadAllowed();
  }, [store, code]);

  if (code !== null) {
    if (store.phase === "confirming") {
      return <CenteredCard title="Confirming your address" testId="register-page"><Spinner aria-label="Confirming" /></CenteredCard>;
    }
    const ok = store.phase === "confirmed";
    return (
      <CenteredCard title={ok ? "Address confirmed" : "Link not valid"} testId="register-page">
        <Callout intent={ok ? Intent.SUCCESS : Intent.DANGER} role={ok ? "status" : "alert"} data-testid="register-confirmation">{store.phaseText}</Callout>
        <p className="login-links register-text-link"><Link to="/login">{ok ? "Sign in" : "Back to sign in"}</Link></p>
      </CenteredCard>
    );
  }
  if (session.isSignedIn) return <Navigate to="/" replace />;
  if (store.phase === "sent") {
    return (
      <CenteredCard title="Check your mail" testId="register-page">
        <Callout intent={Intent.SUCCESS} role="status" data-testid="register-sent">{store.phaseText}</Callout>
        <p className="login-links register-text-link"><Link to="/login">Back to sign in</Link></p>
      </CenteredCard>
    );
  }
  if (store.allowed === false) {
    return (
      <CenteredCard title="Create an account" testId="register-page">
        <Callout intent={Intent.WARNING} data-testid="register-disabled">{store.errors[""] ?? "This portal does not take registrations. Ask your company's administrator for an invite."}</Callout>
        <p className="login-links register-text-link"><Link to="/login">Back to sign in</Link></p>
      </CenteredCard>
    );
  }
  const errors = store.errors;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.register();
  };
  return (
    <CenteredCard title="Create an account" subtitle={branding.displayName} testId="register-page">
      <form onSubmit={submit} noValidate>
        {FIELDS.map(({ field, label, type, autoComplete }) => (
          <FormGroup key={field} label={label} labelFor={`register-${field}`}
            helperText={errors[field] ?? (field === "password" ? "At least 10 characters, 5 of them different." : undefined)}
            intent={errors[field] ? Intent.DANGER : Intent.NONE}>
            <InputGroup id={`register-${field}`} type={type} autoComplete={autoComplete} autoFocus={field === "name"}
              value={store.form[field]} onValueChange={(v) => store.edit({ [field]: v })} onBlur={() => { if (store.form[field] !== "") store.touch(field); }}
              intent={errors[field] ? Intent.DANGER : Intent.NONE} data-testid={`register-${field}`} />
          </FormGroup>
        ))}
        {errors[""] !== undefined && <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 16 }} data-testid="register-error">{errors[""]}</Callout>}
        <p className="register-privacy register-text-link">
          We use your name and address to run your account. Read the <Link to="/privacy-statement" data-testid="register-privacy-link">privacy statement</Link>.
        </p>
        <Button type="submit" intent={Intent.PRIMARY} fill loading={store.working} text="Create account" data-testid="register-submit" />
        <p className="login-links register-text-link">Already have an account? <Link to="/login">Sign in</Link></p>
      </form>
    </CenteredCard>
  );
});
