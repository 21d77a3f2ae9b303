import { Alert } from "@blueprintjs/core";
import { useLeaveBlocker } from "../../app/router/AppRouter";

/**
 * Asks before leaving a screen with unsaved changes (as the dialogs ask before discarding):
 * "Keep editing" stays, "Discard" leaves and the changes are lost.
 */
export function LeaveGuard({ dirty, what }: { dirty: boolean; what: string }) {
  const blocker = useLeaveBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  return (
    <Alert isOpen={blocker.state === "blocked"} intent="danger" icon="warning-sign" cancelButtonText="Keep editing" confirmButtonText="Discard"
      canEscapeKeyCancel canOutsideClickCancel className="discard-alert"
      onCancel={() => blocker.reset()} onConfirm={() => blocker.proceed()}>
      <p>Discard your changes? What you changed in “{what}” will be lost.</p>
    </Alert>
  );
}
