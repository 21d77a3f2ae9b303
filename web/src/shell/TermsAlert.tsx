import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStores } from "../app/StoreContext";

/**
 * The "terms of use updated" alert (spec section 2): shown over the signed-in shell while the
 * selected company's latest terms are not accepted. It cannot be closed (no close button, no
 * Escape, no backdrop click): OK accepts the terms. The link opens the terms in a new tab.
 */
export const TermsAlert = observer(function TermsAlert() {
  const { session, terms } = useStores();
  const company = session.selectedCompanyId;
  useEffect(() => {
    if (company !== null) void terms.load(company);
  }, [terms, company]);
  const pending = terms.pending;
  return (
    <Dialog isOpen={pending !== null} title="Terms of use updated" isCloseButtonShown={false}
      canEscapeKeyClose={false} canOutsideClickClose={false} className="terms-alert">
      <DialogBody>
        <p>
          The terms of use have been updated. Please read the{" "}
          <a href="/terms-of-use" target="_blank" rel="noopener noreferrer">terms of use</a>
          {" "}and press OK to accept them and continue.
        </p>
        {terms.acceptError !== null && <Callout intent="danger" role="alert">{terms.acceptError}</Callout>}
      </DialogBody>
      <DialogFooter actions={
        <Button intent="primary" text="OK" loading={terms.accepting} autoFocus onClick={() => void terms.accept()} />
      } />
    </Dialog>
  );
});
