/**
 * /my-company/privacy-statement and /my-company/terms-of-use (spec 2, behind the bootstrap check):
 * the selected company's own privacy statement or terms of use in my language (the sector's when
 * the company has none), for a signed-in member.
 */
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { PolicyView } from "./PolicyView";
import { PolicyStore } from "../../stores/PolicyStore";

export interface MyCompanyPolicyPageProps {
  readonly kind: "privacy-statement" | "terms-of-use";
}

export const MyCompanyPolicyPage = observer(function MyCompanyPolicyPage({ kind }: MyCompanyPolicyPageProps) {
  const { session } = useStores();
  const policy = useStore(PolicyStore);
  const company = session.selectedCompanyId;
  useEffect(() => {
    if (session.isSignedIn && company !== null) void policy.load(kind === "terms-of-use" ? "company-terms-of-use" : "company-privacy-statement");
  }, [policy, kind, session.isSignedIn, company]);
  if (!session.isSignedIn) {
    session.rememberReturn(`/my-company/${kind}`);
    return <Navigate to="/login" replace />;
  }
  if (company === null) return <Navigate to="/my-companies" replace />;
  const name = session.selectedCompanyName ?? "Company";
  return (
    <PolicyView title={kind === "terms-of-use" ? `${name}: terms of use` : `${name}: privacy statement`}
      back={{ to: "/", text: "Back to the portal" }} testId={`my-company-${kind}-page`} />
  );
});

export function MyCompanyPrivacyStatementPage() {
  return <MyCompanyPolicyPage kind="privacy-statement" />;
}

export function MyCompanyTermsOfUsePage() {
  return <MyCompanyPolicyPage kind="terms-of-use" />;
}
