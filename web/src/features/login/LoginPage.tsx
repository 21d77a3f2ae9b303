import { observer } from "mobx-react-lite";
import { useEffect, useState, type FormEvent } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { CenteredCard } from "../../shell/CenteredCard";
import { LightButton, LightCallout, LightField } from "../../shell/light";
import { SelfSignUpStore } from "../../stores/SelfSignUpStore";

/**
 * Sign-in with email and password; hands over to the two-factor step when the user enrolled.
 * Links to /register when the host's sector takes registrations. Drawn with light.tsx (no Blueprint code on the first load).
 */
export default observer(function LoginPage() {
  const { session, branding } = useStores();
  const signUp = useStore(SelfSignUpStore);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [params] = useSearchParams();
  const next = params.get("next");
  // The page asked for while signed out (SignedInGate's `next`) opens after sign-in.
  useEffect(() => session.rememberReturn(next), [session, next]);
  // "Create an account" only where the host's sector takes registrations (issue 11).
  useEffect(() => void signUp.load(), [signUp]);

  if (session.isSignedIn) return <Navigate to={session.destination} replace />;
  if (session.twoFactorPending) return <Navigate to="/two-factor-auth" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void session.signIn(email, password);
  };

  return (
    <CenteredCard title="Sign in" subtitle={branding.displayName} testId="login-page">
      {branding.logo && <img className="login-logo" src={branding.logo} alt={`${branding.displayName} logo`} data-testid="login-logo" />}
      <form onSubmit={submit}>
        <LightField label="Email" id="login-email" type="email" autoComplete="username" autoFocus
          value={email} onValueChange={setEmail} />
        <LightField label="Password" id="login-password" type="password" autoComplete="current-password"
          value={password} onValueChange={setPassword} />
        {session.signInError !== null && (
          <LightCallout intent="danger" data-testid="login-error" role="alert" style={{ marginBottom: 16 }}>
            {session.signInError}
          </LightCallout>
        )}
        <LightButton type="submit" intent="primary" fill loading={session.signingIn}
          disabled={email === "" || password === ""} text="Sign in" />
        <p className="login-links"><Link to="/recover">Forgot your password?</Link></p>
        {signUp.allowed === true && (
          <p className="login-links">New here? <Link to="/register" data-testid="login-register-link" style={{ textDecoration: "underline" }}>Create an account</Link></p>
        )}
      </form>
    </CenteredCard>
  );
});
