/**
 * /my-profile (issue 11): my name, language and time zone; my e-mail address (changed through a
 * confirmation link); my password; two-factor; my sessions and trusted devices. A top-level page
 * of a signed-in user, reachable from the shell's account menu.
 */
import { Button, Callout, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { useScreenTitle } from "../../shell/ScreenHeader";
import { EmailSection, ProfileSection } from "./ProfileSection";
import { PasswordSection } from "./PasswordSection";
import { TwoFactorSection } from "./TwoFactorSection";
import { SessionsSection } from "./SessionsSection";
import "./myProfile.css";
import { MyProfileStore } from "../../stores/MyProfileStore";
import { MySessionsStore } from "../../stores/MySessionsStore";
import { TwoFactorStore } from "../../stores/TwoFactorStore";

export default observer(function MyProfilePage() {
  const { session } = useStores();
  const myProfile = useStore(MyProfileStore);
  const twoFactor = useStore(TwoFactorStore);
  const mySessions = useStore(MySessionsStore);
  useScreenTitle("My profile");
  useEffect(() => {
    if (!session.isSignedIn) return;
    void myProfile.load();
    void twoFactor.load();
    void mySessions.load();
  }, [session.isSignedIn, myProfile, twoFactor, mySessions]);

  if (!session.isSignedIn) {
    session.rememberReturn("/my-profile");
    return <Navigate to="/login" replace />;
  }
  return (
    <main className="my-profile" data-testid="my-profile-page">
      <div className="my-profile-head">
        <Button variant="minimal" icon="arrow-left" text="Back to the portal" onClick={() => session.navigate("/")} />
        <h1 className="bp6-heading">My profile</h1>
      </div>
      {myProfile.loadError !== null && <Callout intent={Intent.DANGER}>{myProfile.loadError}</Callout>}
      {myProfile.user !== null && (
        <>
          <ProfileSection />
          <EmailSection />
          <PasswordSection />
          <TwoFactorSection />
          <SessionsSection />
        </>
      )}
    </main>
  );
});
