import { useEffect } from "react";
import { useStores } from "../../app/StoreContext";
import { FullPageSpinner } from "../../shell/FullPageSpinner";

/** Ends the session on the server, clears storage and branding, then goes to sign-in. */
export default function LogoutPage() {
  const { session } = useStores();
  useEffect(() => {
    void session.signOut();
  }, [session]);
  return <FullPageSpinner title="Signing out" />;
}
