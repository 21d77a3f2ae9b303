import { Button, Callout, Checkbox, FormGroup, InputGroup, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { CenteredCard } from "../../shell/CenteredCard";
import { InviteAcceptStore } from "../../stores/InviteAcceptStore";

/**
 * /finish-invite?token=…: accept an invite with a new account (name and password), or sign in
 * first with the account the address already has and accept as that user. The company's terms
 * of use are shown as a link to read and must be accepted.
 */
export default observer(function FinishInvitePage() {
  const { session } = useStores();
  const store = useStore(InviteAcceptStore);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  useEffect(() => {
    void store.open(token);
  }, [store, token]);
  const link = store.link;
  if (store.state === "pending" || store.state === "idle") return <CenteredCard title="Invitation"><Spinner size={32} /></CenteredCard>;
  if (!link) {
    return (
      <CenteredCard title="Invitation" testId="finish-invite-page">
        <Callout intent="danger" data-testid="finish-invite-problem">{store.linkProblem}</Callout>
      </CenteredCard>
    );
  }
  const terms = link.termsOfUse && (
    <Checkbox checked={store.termsAccepted} onChange={(e) => store.setTermsAccepted(e.currentTarget.checked)} data-testid="finish-invite-terms"
      labelElement={<>I accept the <a href={`/terms-of-use?policy=${encodeURIComponent(link.termsOfUse.publicId)}`} target="_blank" rel="noreferrer">terms of use</a></>} />
  );
  const formProblem = store.problems.get("");
  return (
    <CenteredCard title={`Join ${link.company.name}`} subtitle={`You were invited as ${link.email}.`} testId="finish-invite-page">
      {session.isSignedIn ? (
        <form onSubmit={(e) => { e.preventDefault(); void store.acceptSignedIn(); }}>
          <p>Signed in as {session.userName}.</p>
          {terms}
          {formProblem && <Callout intent="danger" role="alert">{formProblem}</Callout>}
          <Button type="submit" intent="primary" fill text="Accept the invitation" loading={store.submitting}
            disabled={link.termsOfUse !== null && !store.termsAccepted} data-testid="finish-invite-accept" />
        </form>
      ) : link.accountExists ? (
        <>
          <p>An account with this address already exists. Sign in with it to accept the invitation.</p>
          <Button intent="primary" fill text="Sign in to accept" onClick={() => store.signInFirst()} data-testid="finish-invite-sign-in" />
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void store.createAccount(); }}>
          <FormGroup label="Your name" labelFor="finish-name" intent={store.nameProblem || store.problems.get("name") ? "danger" : "none"}
            helperText={store.problems.get("name") ?? store.nameProblem}>
            <InputGroup id="finish-name" value={store.name} onValueChange={(v) => store.setName(v)} autoComplete="name" data-testid="finish-invite-name" />
          </FormGroup>
          <FormGroup label="Choose a password" labelFor="finish-password" intent={store.passwordProblem || store.problems.get("password") ? "danger" : "none"}
            helperText={store.problems.get("password") ?? store.passwordProblem ?? "At least 8 characters, mixing letters, digits or symbols."}>
            <InputGroup id="finish-password" type="password" value={store.password} onValueChange={(v) => store.setPassword(v)} autoComplete="new-password"
              data-testid="finish-invite-password" />
          </FormGroup>
          {terms}
          {formProblem && <Callout intent="danger" role="alert">{formProblem}</Callout>}
          <Button type="submit" intent="primary" fill text="Create account and join" loading={store.submitting} disabled={!store.canCreate}
            data-testid="finish-invite-create" />
        </form>
      )}
    </CenteredCard>
  );
});
