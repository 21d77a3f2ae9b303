/**
 * /privacy-statement (spec 2): the sector's privacy statement, readable without signing in (the
 * registration page links to it), in the language of ?language= or the browser's, else English.
 */
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { browserLanguage, PolicyView } from "./PolicyView";
import { PolicyStore } from "../../stores/PolicyStore";

export default observer(function PrivacyStatementPage() {
  const { session } = useStores();
  const policy = useStore(PolicyStore);
  const [params] = useSearchParams();
  const language = params.get("language") ?? browserLanguage();
  useEffect(() => void policy.load("privacy-statement", language), [policy, language]);
  const back = session.isSignedIn ? { to: "/", text: "Back to the portal" } : { to: "/login", text: "Back to sign in" };
  return <PolicyView title="Privacy statement" back={back} testId="privacy-statement-page" />;
});
