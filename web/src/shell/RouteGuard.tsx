import { observer } from "mobx-react-lite";
import { Navigate, Outlet } from "react-router";
import { isRouteOpen, type ShellRoute } from "@portal/core/rules/rights";
import { useStores } from "../app/StoreContext";

export interface RouteGuardProps {
  /** The shell route this guard protects; core's rights rule says whether it is open. */
  route: ShellRoute;
}

/** Renders the screen when the user holds its right, otherwise goes to the not-allowed page. */
export const RouteGuard = observer(function RouteGuard({ route }: RouteGuardProps) {
  const { session } = useStores();
  if (!isRouteOpen(route, session.rights)) return <Navigate to="/error/not-allowed" replace />;
  return <Outlet />;
});
