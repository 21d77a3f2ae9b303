import { observer } from "mobx-react-lite";
import { useEffect, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { useStores } from "../../app/StoreContext";
import { FullPageSpinner } from "../../shell/FullPageSpinner";
import { jumpStartView, readJumpStartToken } from "./jumpStartLink";

/** The jump-start route: a spinner while it signs in with the link's token, then the link's page. */
export default observer(function JumpStartPage() {
  const { session } = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const token = useMemo(() => readJumpStartToken(new URLSearchParams(location.search).get("token")), [location.search]);
  const view = jumpStartView(location.pathname, location.search, token?.redirectUrl);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const ok = token !== null && (await session.jumpStart(token, { suppressTermsPrompt: view.suppressTermsPrompt }));
      if (!cancelled) navigate(ok ? view.target : "/login", { replace: true });
    })();
    return () => {
      cancelled = true;
    };
    // Runs once per link (token); the view is derived from the same location.
  }, [token]);

  return <FullPageSpinner title={view.title} description={view.description} />;
});
