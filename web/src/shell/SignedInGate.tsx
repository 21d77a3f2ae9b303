import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useStores } from "../app/StoreContext";
import { FullPageSpinner } from "./FullPageSpinner";
import { Shell } from "./Shell";

/**
 * The signed-in shell's gate: a session and a selected company are needed (several companies and
 * none chosen -> my-companies), then it waits for asset types and group types (spec section 2).
 */
export const SignedInGate = observer(function SignedInGate() {
  const { session, shellData } = useStores();
  const hasCompany = session.selectedCompanyId !== null;
  // After sign-in, and after a reload that restored the session: pick the company, load its rights.
  useEffect(() => {
    if (session.isSignedIn && !session.rightsLoaded && !session.needsCompanyChoice) void session.ensureCompany();
  }, [session, session.isSignedIn, session.rightsLoaded, session.needsCompanyChoice]);
  useEffect(() => {
    if (session.isSignedIn && hasCompany && session.rightsLoaded) void shellData.ensure();
  }, [session, shellData, session.isSignedIn, hasCompany, session.rightsLoaded]);

  if (!session.isSignedIn) return <Navigate to="/login" replace />;
  if (session.needsCompanyChoice) return <Navigate to="/my-companies" replace />;
  if (!hasCompany || !session.rightsLoaded || shellData.state !== "ready") return <FullPageSpinner />;
  return <Shell />;
});
