import { Button, Callout, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState, type FormEvent } from "react";
import { Navigate } from "react-router";
import { useStores } from "../../app/StoreContext";
import { CenteredCard } from "../../shell/CenteredCard";

/** The second sign-in step: the one-time code of the user's authenticator (or a backup code). */
export default observer(function TwoFactorAuthPage() {
  const { session } = useStores();
  const [otp, setOtp] = useState("");

  // The page asked for before sign-in (kept by the sign-in page) opens after the second step too.
  if (session.isSignedIn) return <Navigate to={session.destination} replace />;
  if (!session.twoFactorPending) return <Navigate to="/login" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void session.submitOtp(otp);
  };

  return (
    <CenteredCard title="Two-factor authentication" testId="two-factor-page"
      subtitle="Enter the code shown by your authenticator app.">
      <form onSubmit={submit}>
        <FormGroup label="Code" labelFor="otp">
          <InputGroup id="otp" autoComplete="one-time-code" inputMode="numeric" autoFocus
            value={otp} onValueChange={setOtp} />
        </FormGroup>
        {session.signInError !== null && (
          <Callout intent={Intent.DANGER} data-testid="login-error" style={{ marginBottom: 16 }}>
            {session.signInError}
          </Callout>
        )}
        <Button type="submit" intent={Intent.PRIMARY} fill loading={session.signingIn}
          disabled={otp.trim() === ""} text="Verify" />
        <Button variant="minimal" fill style={{ marginTop: 8 }} text="Back to sign in"
          onClick={() => session.cancelTwoFactor()} />
      </form>
    </CenteredCard>
  );
});
