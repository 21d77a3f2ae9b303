import { OverlayToaster, Position, Toast } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../app/StoreContext";

/**
 * Renders SnackbarStore's snackbars as Blueprint toasts. The store owns what is shown and for how
 * long (durations from core's error catalogue); a timeout of 0 never times out. Texts go through
 * the message catalogue, so a key (PASSWORD_CHANGED) shows as its sentence.
 */
export const SnackbarHost = observer(function SnackbarHost() {
  const { snackbars, messages } = useStores();
  return (
    <OverlayToaster position={Position.BOTTOM} usePortal>
      {snackbars.visible.map((s) => (
        <Toast key={s.id} message={messages.text(s.message, s.params)} timeout={s.timeoutMs ?? 0} intent={s.intent}
          onDismiss={() => snackbars.dismiss(s.id)}
          action={s.action ? { text: s.action.label, onClick: () => s.action?.run() } : undefined} />
      ))}
    </OverlayToaster>
  );
});
