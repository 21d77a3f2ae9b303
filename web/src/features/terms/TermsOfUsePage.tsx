/**
 * /terms-of-use (spec section 2): the terms that apply to my selected company (its own when it
 * has custom terms, else the sector's; the server decides and sanitises the HTML). A page of its
 * own, outside the shell, so that the terms alert's link (a new tab) can be read while the alert
 * waits for OK.
 */
import { Button, Callout, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { useScreenTitle } from "../../shell/ScreenHeader";
import "./terms.css";
import { TermsStore } from "../../stores/TermsStore";

export default observer(function TermsOfUsePage() {
  const { session, messages } = useStores();
  const terms = useStore(TermsStore);
  useScreenTitle("Terms of use");
  const company = session.selectedCompanyId;
  useEffect(() => {
    if (session.isSignedIn && company !== null) void terms.load(company);
  }, [session.isSignedIn, company, terms]);

  if (!session.isSignedIn) {
    session.rememberReturn("/terms-of-use");
    return <Navigate to="/login" replace />;
  }
  if (company === null) return <Navigate to="/my-companies" replace />;
  const loaded = terms.company !== null && terms.company.publicId === company;
  const body = loaded ? terms.company?.latestTermsOfUse?.body ?? null : null;
  return (
    <main className="terms-page" data-testid="terms-page">
      <Button variant="minimal" icon="arrow-left" text="Back to the portal" onClick={() => session.navigate("/")} />
      {terms.loadError !== null && <Callout intent="danger" role="alert">{terms.loadError}</Callout>}
      {!loaded && terms.loadError === null && <Spinner aria-label="Loading the terms of use" />}
      {loaded && body === null && <NonIdealState icon="document" title="No terms of use" description={messages.text("TERMS_NONE_PUBLISHED")} />}
      {/* The server sanitised this HTML with an allow-list (server/src/terms/sanitizeTermsHtml.ts). */}
      {body !== null && <article className="terms-body" dangerouslySetInnerHTML={{ __html: body }} />}
    </main>
  );
});
