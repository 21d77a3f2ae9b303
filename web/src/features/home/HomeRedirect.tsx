import { observer } from "mobx-react-lite";
import { Navigate } from "react-router";
import { homeRedirect } from "@portal/core/rules/rights";
import { BUILT_SCREENS } from "../../app/screens";
import { useStores } from "../../app/StoreContext";

/**
 * home: goes where core's rule sends the user: the first screen they hold the right to AND that is
 * built, else not-allowed. Never back to the root, so an unmounted path (which falls through to
 * the root) cannot loop.
 */
export default observer(function HomeRedirect() {
  const { session } = useStores();
  return <Navigate to={homeRedirect(session.rights, BUILT_SCREENS)} replace />;
});
