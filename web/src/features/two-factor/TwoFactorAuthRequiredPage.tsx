import { Button, Intent } from "@blueprintjs/core";
import { useNavigate } from "react-router";
import { CenteredCard } from "../../shell/CenteredCard";

/** Shown when the selected company demands two-factor authentication the user has not set up. */
export default function TwoFactorAuthRequiredPage() {
  const navigate = useNavigate();
  return (
    <CenteredCard title="Two-factor authentication required" testId="two-factor-required-page"
      subtitle="Your company requires two-factor authentication. Set it up in your profile, then sign in again.">
      <Button intent={Intent.PRIMARY} fill text="Set up two-factor authentication" onClick={() => navigate("/my-profile")} />
      <Button variant="minimal" fill style={{ marginTop: 8 }} text="Log out" onClick={() => navigate("/logout")} />
    </CenteredCard>
  );
}
