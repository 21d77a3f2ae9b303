import { observer } from "mobx-react-lite";
import { startTransition, Suspense, use, useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { settled } from "../app/router/elementRoutes";
import { useStore, useStores } from "../app/StoreContext";
import { StartingScreen } from "./StartingScreen";
import { ShellDataStore } from "../stores/ShellDataStore";
import type { RootStore } from "../stores/RootStore";

// The signed-in frame (top bar, menu, drawer, popovers) is its own chunk: the sign-in and error
// pages of the first load do not carry it. It loads once, read with `use` so that a frame
// already in renders at once (React's `lazy` suspended even then, and held the reveal for its
// 300 ms throttle). A failed load is tried again by the next render that asks.
let shellLoad: Promise<typeof import("./Shell")> | null = null;
const loadShell = (): Promise<typeof import("./Shell")> =>
  (shellLoad ??= settled(import("./Shell").catch((error: unknown) => {
    shellLoad = null;
    throw error;
  })));

function ShellLoaded() {
  const { Shell } = use(loadShell());
  return <Shell />;
}

/**
 * A signed-in start (a stored session), called as soon as the session is read, before the first
 * render: the frame's chunk loads, and the calls the gates would make one after another go out
 * as soon as what each needs is known: my user and my companies beside the branding and my
 * sector (after discovery), the shell's lists beside the company's rights. Each joins the run the
 * gates start later, so nothing is asked twice. Without it, each step waited for the render of
 * the gate before it (issue 16: a signed-in screen on a phone's network).
 */
export function warmStart(root: RootStore): void {
  const { session, bootstrap } = root;
  if (!session.isSignedIn) return;
  void loadShell().catch(() => undefined);
  void bootstrap.ensure();
  const shellData = root.get(ShellDataStore);
  const stop = session.onCompanyApplied(() => {
    stop();
    void shellData.ensure();
  });
  void bootstrap.discoverOnce()
    .then((found) => (found && session.isSignedIn && !session.needsCompanyChoice ? session.ensureCompany() : undefined))
    .finally(stop);
}

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

  // The frame and the page replace the starting screen in a transition: React renders them in
  // slices of a few ms with the browser free between them, where an update of the stores (a
  // synchronous render) rendered them in one task of about 100 ms on a phone, during which a tap
  // waited (Lighthouse's total blocking time).
  const [revealed, setRevealed] = useState(ready);
  useEffect(() => {
    if (ready && !revealed) startTransition(() => setRevealed(true));
    else if (!ready && revealed) setRevealed(false);
  }, [ready, revealed]);

  // A deep link opened while signed out comes back after sign-in (and the company choice).
  if (!session.isSignedIn) return <Navigate to={here === "/" ? "/login" : `/login?next=${encodeURIComponent(here)}`} replace />;
  if (session.needsCompanyChoice) return <Navigate to="/my-companies" replace />;
  if (!ready || !revealed) return <StartingScreen />;
  return (
    <Suspense fallback={<StartingScreen />}>
      <ShellLoaded />
    </Suspense>
  );
});
