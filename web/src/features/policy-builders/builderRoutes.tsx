/**
 * The builders' routes (spec 2 top-level routes, spec 6 rights): mounted inside the signed-in
 * shell so that they have the session, the company and the rights, each behind core's
 * isBuilderOpen (no right: the not-allowed page).
 */
import { observer } from "mobx-react-lite";
import { Navigate, Outlet, type RouteObject } from "react-router";
import { isBuilderOpen, type BuilderRoute } from "@portal/core/rules/rights";
import { useStores } from "../../app/StoreContext";

const BuilderGuard = observer(function BuilderGuard({ route }: { route: BuilderRoute }) {
  const { session } = useStores();
  return isBuilderOpen(route, session.rights) ? <Outlet /> : <Navigate to="/error/not-allowed" replace />;
});

export const builderRoutes: RouteObject[] = [
  {
    path: "custom-terms-of-use-builder", element: <BuilderGuard route="custom-terms-of-use-builder" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import("./PolicyBuilderPage")).TermsOfUseBuilderPage }) }],
  },
  {
    path: "custom-privacy-statement-builder", element: <BuilderGuard route="custom-privacy-statement-builder" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import("./PolicyBuilderPage")).PrivacyStatementBuilderPage }) }],
  },
];
