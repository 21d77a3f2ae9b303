import { Button, Menu, MenuItem } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useNavigate } from "react-router";
import { useStore } from "../../app/StoreContext";
import { CenteredCard } from "../../shell/CenteredCard";
import { NotAllowedStore } from "../../stores/NotAllowedStore";

/** /error/not-allowed: the 'page not allowed' card and, once the API is discovered, its actions. */
export default observer(function NotAllowedPage() {
  const notAllowed = useStore(NotAllowedStore);
  const navigate = useNavigate();
  const actions = notAllowed.actions;
  return (
    <CenteredCard title="Not allowed" subtitle="You are not allowed to see this page." testId="not-allowed-page">
      {actions.length > 0 && (
        <Menu className="action-list" data-testid="not-allowed-actions">
          {actions.map((a) => {
            switch (a.kind) {
              case "portal":
                return <MenuItem key="portal" icon="home" text="Go to portal" href={a.href} target={a.newTab ? "_blank" : undefined} />;
              case "switch-company":
                return <MenuItem key="switch" icon="swap-horizontal" text="Switch company" onClick={() => navigate("/my-companies")} />;
              case "logout":
                return <MenuItem key="logout" icon="log-out" text="Log out" onClick={() => navigate("/logout")} />;
            }
          })}
        </Menu>
      )}
      {actions.length === 0 && <Button text="Back" onClick={() => navigate(-1)} />}
    </CenteredCard>
  );
});
