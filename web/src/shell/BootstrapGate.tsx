import { observer } from "mobx-react-lite";
import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { useStores } from "../app/StoreContext";
import { StartingScreen } from "./StartingScreen";

/**
 * The root area's gate (spec section 2): discovers the API, loads my sector and the host branding
 * and starts the VPN client connector before anything below it renders. A failure is handled by
 * the connectivity store (api-unavailable), so this only waits.
 */
export const BootstrapGate = observer(function BootstrapGate() {
  const { bootstrap } = useStores();
  useEffect(() => {
    void bootstrap.ensure();
  }, [bootstrap]);
  if (bootstrap.state !== "ready") return <StartingScreen />;
  // The signed-in gate's chunk may still be on its way: the starting screen stays meanwhile.
  return (
    <Suspense fallback={<StartingScreen />}>
      <Outlet />
    </Suspense>
  );
});
