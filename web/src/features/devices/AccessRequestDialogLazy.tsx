/**
 * The access request dialog, loaded the first time it opens: the screens that offer "Request
 * access" (devices, a device, dashboards) do not carry its form, and the date rules with Temporal
 * behind it (about 20 kB gzip), until someone asks for access. Once loaded it stays mounted, so
 * that closing runs the dialog's own transition and returns focus to the opener.
 */
import { observer } from "mobx-react-lite";
import { lazy, Suspense, useState } from "react";
import { useStore } from "../../app/StoreContext";
import { AccessRequestDialogStore } from "../../stores/AccessRequestDialogStore";

const AccessRequestDialog = lazy(() => import("./AccessRequestDialog").then((m) => ({ default: m.AccessRequestDialog })));

export const AccessRequestDialogLazy = observer(function AccessRequestDialogLazy() {
  const store = useStore(AccessRequestDialogStore);
  const [wanted, setWanted] = useState(false);
  if (store.isOpen && !wanted) setWanted(true);
  if (!store.isOpen && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <AccessRequestDialog />
    </Suspense>
  );
});
