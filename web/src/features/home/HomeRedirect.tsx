import { observer } from "mobx-react-lite";
import { Navigate } from "react-router";
import { homeRedirect } from "@portal/core/rules/rights";
import { useStores } from "../../app/StoreContext";

/** home: goes where core's rule sends the user's rights (first open screen, else not-allowed). */
export default observer(function HomeRedirect() {
  const { session } = useStores();
  return <Navigate to={homeRedirect(session.rights)} replace />;
});
