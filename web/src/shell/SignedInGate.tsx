import { observer } from "mobx-react-lite";
import { lazy, Suspense, useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { useStore, useStores } from "../app/StoreContext";
import { FullPageSpinner } from "./FullPageSpinner";
import { ShellDataStore } from "../stores/ShellDataStore";
// The signed-in frame (top bar, menu, drawer, popovers) is its own chunk: the sign-in and error
// pages of the first load do not carry it.
const Shell = lazy(() => import("./Shell").then((m) => ({ default: m.Shell })));

/**
 * The signed-in shell's gate: a session and a selected company are needed (several companies and
 * none chosen -> my-companies), then it waits for asset types and group types (spec section 2).
 * Signed out, it sends the person to sign-in with the page they asked for as `next`.
 */
export const SignedInGate = observer(function SignedInGate() {
  const { session } = useStores();
  const shellData = useStore(ShellDataStore);
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const hasCompany = session.selectedCompanyId !== null;
  // After sign-in, and after a reload that restored the session: pick the company, load its rights.
  useEffect(() => {
    if (session.isSignedIn && !session.rightsLoaded && !session.needsCompanyChoice) void session.ensureCompany();
  }, [session, session.isSignedIn, session.rightsLoaded, session.needsCompanyChoice]);
  useEffect(() => {
    if (session.isSignedIn && hasCompany && session.rightsLoaded) void shellData.ensure();
  }, [session, shellData, session.isSignedIn, hasCompany, session.rightsLoaded]);

  const ready = session.isSignedIn && hasCompany && session.rightsLoaded && shellData.state === "ready" && !session.needsCompanyChoice;
  // The remembered deep link is on screen: later sign-ins start from home again.
  useEffect(() => {
    if (ready && session.returnTo !== null && here === session.returnTo) session.returned();
  }, [ready, session, here]);

  // A deep link opened while signed out comes back after sign-in (and the company choice).
  if (!session.isSignedIn) return <Navigate to={here === "/" ? "/login" : `/login?next=${encodeURIComponent(here)}`} replace />;
  if (session.needsCompanyChoice) return <Navigate to="/my-companies" replace />;
  if (!ready) return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Shell />
    </Suspense>
  );
});
