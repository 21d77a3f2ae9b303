import { Alert, Button, Callout, Dialog, DialogBody, DialogFooter, type IconName } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { Message } from "@portal/core/messages/messages";
import { useStores } from "../../app/StoreContext";
import "./formDialog.css";

export interface FormDialogProps {
  title: string;
  icon?: IconName;
  /** data-testid of the form element. */
  testId: string;
  /** The form differs from what it started with: leaving asks first. */
  dirty: boolean;
  /** A save is running: the dialog cannot be left and the save button spins. */
  saving: boolean;
  /** Whether Save is enabled (core's submit rule for this form). */
  canSave: boolean;
  /** What the last failed save said that is not about a field (offline, server gone...). */
  failure?: Message | null;
  /** data-testid of the save button. */
  saveTestId?: string;
  saveText?: string;
  /** Width on wide screens; narrow screens (below 960 px) always get the full screen. */
  width?: number;
  onSave: () => void;
  /** Leaves the dialog (after the discard confirmation when dirty). */
  onClose: () => void;
  children: ReactNode;
}

/**
 * The one dialog frame of every form (issue "lost work"): it never closes on its own when a save
 * fails, it shows the failure above its buttons, and Escape, a backdrop click, the close button
 * or Cancel ask "Discard your changes?" first when the form is dirty. Focus goes back to the
 * control that opened it. While dirty it holds the connectivity store's unsaved work, so a
 * server outage does not navigate away from the typed values. Full-screen below 960 px (CSS).
 */
export const FormDialog = observer(function FormDialog(props: FormDialogProps) {
  const { connectivity, messages } = useStores();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<Element | null>(null);
  const failureId = useId();
  // Remember the opener before the dialog takes focus, give focus back when it goes.
  useLayoutEffect(() => {
    opener.current = document.activeElement;
    return () => {
      const target = opener.current;
      if (target instanceof HTMLElement) window.setTimeout(() => target.isConnected && target.focus(), 0);
    };
  }, []);
  useEffect(() => (props.dirty ? connectivity.holdWork() : undefined), [connectivity, props.dirty]);

  const leave = () => {
    if (props.saving) return;
    if (props.dirty) setConfirming(true);
    else props.onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (props.canSave && !props.saving) props.onSave();
  };
  const failure = props.failure ? messages.text(props.failure.key, props.failure.params) : null;
  return (
    <Dialog isOpen onClose={leave} title={props.title} icon={props.icon} className="form-dialog"
      style={props.width ? { width: props.width } : undefined} canEscapeKeyClose={!confirming} shouldReturnFocusOnClose>
      <form onSubmit={submit} noValidate data-testid={props.testId} className="form-dialog-form"
        aria-describedby={failure ? failureId : undefined}>
        <DialogBody className="form-dialog-body">{props.children}</DialogBody>
        {failure && (
          <Callout intent="danger" role="alert" id={failureId} className="form-dialog-failure" data-testid="dialog-failure" compact>
            {failure}
          </Callout>
        )}
        <DialogFooter actions={
          <>
            <Button text="Cancel" onClick={leave} disabled={props.saving} data-testid="dialog-cancel" />
            <Button type="submit" intent="primary" text={props.saveText ?? (failure ? "Try again" : "Save")}
              disabled={!props.canSave} loading={props.saving} data-testid={props.saveTestId} />
          </>
        } />
      </form>
      <Alert isOpen={confirming} intent="danger" icon="warning-sign" cancelButtonText="Keep editing" confirmButtonText="Discard"
        canEscapeKeyCancel canOutsideClickCancel className="discard-alert"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          props.onClose();
        }}>
        <p>Discard your changes? What you typed in “{props.title}” will be lost.</p>
      </Alert>
    </Dialog>
  );
});
