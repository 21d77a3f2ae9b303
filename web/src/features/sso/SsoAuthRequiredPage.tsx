import { Button } from "@blueprintjs/core";
import { useNavigate } from "react-router";
import { CenteredCard } from "../../shell/CenteredCard";

/** Shown when the account must sign in through its company's identity provider. */
export default function SsoAuthRequiredPage() {
  const navigate = useNavigate();
  return (
    <CenteredCard title="Single sign-on required" testId="sso-required-page"
      subtitle="Your company signs you in through its identity provider. Use your company's sign-in link.">
      <Button fill text="Back to sign in" onClick={() => navigate("/logout")} />
    </CenteredCard>
  );
}
