import { observer } from "mobx-react-lite";
import { lazy, Suspense, use, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { mobileOsOf } from "@portal/core/rules/mobile";
import { useStores } from "../app/StoreContext";
import { BrandingHead } from "./BrandingHead";
import { FullPageSpinner } from "./FullPageSpinner";
import { OfflineBanner } from "./OfflineBanner";
import { loadAppBanner } from "./appBannerLoad";
// Toasts (and the popover machinery they bring) load with the first snackbar, not the first page.
const SnackbarHost = lazy(() => import("./SnackbarHost").then((m) => ({ default: m.SnackbarHost })));

/** The invite page carries an invite token in `token`, which is no jump-start link. */
const INVITE_PATH = /^\/finish-invite\/?$/;

const JumpStartPage = lazy(() => import("../features/jump-start/JumpStartPage"));

/** The app-store banner (and its store): phones and tablets only, preloaded by main.tsx there. */
function AppBanner() {
  const { AppBanner: Banner } = use(loadAppBanner());
  return <Banner />;
}

/**
 * Wraps every route: applies branding to the document, hosts snackbars and the offline banner.
 * A URL carrying `?token=` is a jump-start link, whatever its path: the jump-start page signs in
 * with it first and then opens the path without the token. The one exception is the invite page
 * (/finish-invite?token=…, issue 11), whose token is an invite's, not a sign-in's.
 */
export const AppFrame = observer(function AppFrame() {
  const location = useLocation();
  const { bootstrap, snackbars, env } = useStores();
  const onMobile = mobileOsOf(env.userAgent ?? "", env.maxTouchPoints ?? 0) !== null;
  // Every page, sign-in included, shows the host's branding (after the one shared discovery).
  useEffect(() => {
    void bootstrap.loadHostBranding();
  }, [bootstrap]);
  const hasToken = new URLSearchParams(location.search).has("token") && !INVITE_PATH.test(location.pathname);
  return (
    <>
      <BrandingHead />
      {onMobile && (
        <Suspense fallback={null}>
          <AppBanner />
        </Suspense>
      )}
      <OfflineBanner />
      {hasToken ? (
        <Suspense fallback={<FullPageSpinner />}>
          <JumpStartPage />
        </Suspense>
      ) : (
        <Outlet />
      )}
      {snackbars.visible.length > 0 && (
        <Suspense fallback={null}>
          <SnackbarHost />
        </Suspense>
      )}
    </>
  );
});
