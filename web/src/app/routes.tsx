/**
 * The route table of the app. Every page is code-split (route `lazy`, turned into lazily loaded
 * elements by `router/elementRoutes`), so the first load carries only the shell. Screens of later issues mount themselves through `shellScreens` (screens.ts).
 */
import type { RouteObject } from "react-router";
import { Navigate } from "react-router";
import { AppFrame } from "../shell/AppFrame";
import ApiUnavailablePage from "../features/errors/ApiUnavailablePage";
import ErrorIndexPage from "../features/errors/ErrorIndexPage";
import { BootstrapGate } from "../shell/BootstrapGate";
import { RouteErrorPage } from "../shell/RouteErrorPage";
import { RouteErrorBoundary } from "./router/RouteErrorBoundary";
import { TOP_LEVEL_NOT_BUILT } from "./screenLabels";
import { notBuiltPage, shellScreenRoutes } from "./screens";
import { builderRoutes } from "../features/policy-builders/builderRoutes";

const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    // Applies branding, snackbars and connectivity to every route, and intercepts jump-start links.
    // A page that fails to render or to load shows an error page instead of the frame.
    element: <RouteErrorBoundary fallback={(error) => <RouteErrorPage error={error} />}><AppFrame /></RouteErrorBoundary>,
    children: [
      {
        path: "/",
        element: <BootstrapGate />,
        children: [
          {
            // The signed-in gate, its shell data and the shell's stores load after sign-in, not with the sign-in page.
            lazy: async () => ({ Component: (await import("../shell/SignedInGate")).SignedInGate }),
            children: [
              { index: true, ...page(() => import("../features/home/HomeRedirect")) },
              ...shellScreenRoutes(),
              // The terms of use and privacy statement builders (issue 12): top-level paths in the shell.
              ...builderRoutes,
              // The administrator-only tools (issue 12): platform administrators only (the server checks).
              { path: "platform-tools", ...page(() => import("../features/platform-tools/PlatformToolsPage")) },
            ],
          },
          // spec 2: the my-company privacy and terms routes require the bootstrap check (issue 11).
          {
            path: "my-company/privacy-statement",
            lazy: async () => ({ Component: (await import("../features/policies/MyCompanyPolicyPage")).MyCompanyPrivacyStatementPage }),
          },
          {
            path: "my-company/terms-of-use",
            lazy: async () => ({ Component: (await import("../features/policies/MyCompanyPolicyPage")).MyCompanyTermsOfUsePage }),
          },
        ],
      },
      { path: "/login", ...page(() => import("../features/login/LoginPage")) },
      { path: "/logout", ...page(() => import("../features/logout/LogoutPage")) },
      { path: "/my-companies", ...page(() => import("../features/my-companies/MyCompaniesPage")) },
      { path: "/finish-invite", ...page(() => import("../features/finish-invite/FinishInvitePage")) },
      { path: "/two-factor-auth", ...page(() => import("../features/two-factor/TwoFactorAuthPage")) },
      { path: "/two-factor-auth-required", ...page(() => import("../features/two-factor/TwoFactorAuthRequiredPage")) },
      { path: "/sso-auth-required", ...page(() => import("../features/sso/SsoAuthRequiredPage")) },
      { path: "/loading", ...page(() => import("../features/loading/LoadingPage")) },
      // My account (issue 11): pages of their own like my-companies, outside the shell.
      { path: "/my-profile", ...page(() => import("../features/my-profile/MyProfilePage")) },
      { path: "/recover", ...page(() => import("../features/recover/RecoverPage")) },
      { path: "/confirm-email", ...page(() => import("../features/my-profile/ConfirmEmailPage")) },
      // Terms of use (issue 11): outside the shell, so the terms alert does not cover them.
      { path: "/terms-of-use", ...page(() => import("../features/terms/TermsOfUsePage")) },
      // Self sign-up, my messages and the privacy statement (issue 11): pages of their own.
      { path: "/register", ...page(() => import("../features/register/RegisterPage")) },
      { path: "/messages", ...page(() => import("../features/messages/MessagesPage")) },
      { path: "/privacy-statement", ...page(() => import("../features/policies/PrivacyStatementPage")) },
      {
        path: "/error",
        children: [
          // In the entry bundle: they must show when the server that serves the chunks is down.
          { index: true, element: <ErrorIndexPage /> },
          { path: "api-unavailable", element: <ApiUnavailablePage /> },
          { path: "not-allowed", ...page(() => import("../features/errors/NotAllowedPage")) },
        ],
      },
      // Spec routes of later issues: they say so instead of going to the root.
      ...TOP_LEVEL_NOT_BUILT.map(({ path, title }): RouteObject => ({ path, lazy: async () => notBuiltPage(title, true) })),
      // spec section 2: unknown paths go to the root.
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
  // The print route of a queued report (issue 13; spec 2's /reports/{id}/version/{id}/(agent|asset)/{id}):
  // opened by the server's report worker with a render credential, outside the frame (no banners,
  // no terms prompt, no sign-in).
  { path: "/reports/:pagePublicId/version/:versionPublicId/*", ...page(() => import("../features/reports/ReportPrintPage")) },
];
