import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore, useStores } from "../app/StoreContext";
import { TermsStore } from "../stores/TermsStore";

/**
 * The "terms of use updated" alert (spec section 2): shown over the signed-in shell while the
 * selected company's latest terms are not accepted. It cannot be closed (no close button, no
 * Escape, no backdrop click): OK accepts the terms. The link opens the terms in a new tab.
 */
const LINK_MARK = "\u241F";

export const TermsAlert = observer(function TermsAlert() {
  const { session, messages } = useStores();
  const terms = useStore(TermsStore);
  const company = session.selectedCompanyId;
  useEffect(() => {
    // The record the branding read for this company a moment ago has the terms: no second call.
    if (company !== null) void terms.load(company, { reuseRecent: true });
  }, [terms, company]);
  const pending = terms.pending;
  // The catalogue's sentence with the link where its {link} placeholder is.
  const [before, after = ""] = messages.text("TERMS_UPDATED_BODY", { link: LINK_MARK }).split(LINK_MARK);
  return (
    <Dialog isOpen={pending !== null} title={messages.text("TERMS_UPDATED_TITLE")} isCloseButtonShown={false}
      canEscapeKeyClose={false} canOutsideClickClose={false} className="terms-alert">
      <DialogBody>
        <p>
          {before}
          <a href="/terms-of-use" target="_blank" rel="noopener noreferrer">terms of use</a>
          {after}
        </p>
        {terms.acceptError !== null && <Callout intent="danger" role="alert">{terms.acceptError}</Callout>}
      </DialogBody>
      <DialogFooter actions={
        <Button intent="primary" text="OK" loading={terms.accepting} autoFocus onClick={() => void terms.accept()} />
      } />
    </Dialog>
  );
});
