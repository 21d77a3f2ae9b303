/** /confirm-email?code= (issue 11): spends the link mailed to a new address; needs no session. */
import { Callout, Intent, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { CenteredCard } from "../../shell/CenteredCard";
import { RecoverStore } from "../../stores/RecoverStore";

export default observer(function ConfirmEmailPage() {
  const { session, messages } = useStores();
  const store = useStore(RecoverStore);
  const [params] = useSearchParams();
  const token = params.get("code");
  useEffect(() => {
    if (token !== null) void store.confirmEmail(token);
  }, [store, token]);
  const failed = token === null || store.confirmPhase === "failed";
  return (
    <CenteredCard title="Confirm your e-mail address" testId="confirm-email-page">
      {token !== null && store.confirmPhase === "working" && <Spinner />}
      {!failed && store.confirmPhase === "confirmed" && <Callout intent={Intent.SUCCESS} data-testid="email-confirmed">{store.confirmMessage}</Callout>}
      {failed && <Callout intent={Intent.DANGER} role="alert">{token === null ? messages.text("LINK_INVALID_OR_EXPIRED") : store.confirmMessage}</Callout>}
      <p><Link to={session.isSignedIn ? "/my-profile" : "/login"}>{session.isSignedIn ? "To my profile" : "Sign in"}</Link></p>
    </CenteredCard>
  );
});
