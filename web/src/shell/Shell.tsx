import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { Outlet, useNavigate } from "react-router";
import { useStores } from "../app/StoreContext";
import { LeftMenu } from "./LeftMenu";

/** The signed-in layout: top bar (brand, company switch, VPN client state, log out), menu, content. */
export const Shell = observer(function Shell() {
  const { session, branding, connector } = useStores();
  const navigate = useNavigate();
  return (
    <div className="shell" data-testid="shell">
      <Navbar>
        <NavbarGroup align={Alignment.START}>
          <NavbarHeading className="shell-brand" data-testid="brand-name">{branding.displayName}</NavbarHeading>
          <NavbarDivider />
          <Button variant="minimal" icon="office" text={session.selectedCompanyName ?? ""} data-testid="company-switch"
            onClick={() => navigate("/my-companies")} />
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <Tag minimal data-testid="vpn-client-status" title="Local VPN client">VPN client: {connector.status}</Tag>
          <NavbarDivider />
          <span data-testid="user-name" style={{ marginRight: 8 }}>{session.userName}</span>
          <Button variant="minimal" icon="log-out" text="Log out" onClick={() => navigate("/logout")} />
        </NavbarGroup>
      </Navbar>
      <div className="shell-body">
        <nav className="shell-menu" aria-label="Main menu"><LeftMenu /></nav>
        <main className="shell-content"><Outlet /></main>
      </div>
    </div>
  );
});
