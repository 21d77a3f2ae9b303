import { Alignment, Button, Drawer, Menu, MenuDivider, MenuItem, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, Popover, Position } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { useStore, useStores } from "../app/StoreContext";
import { CompanySwitcher } from "./CompanySwitcher";
import { LeftMenu } from "./LeftMenu";
import { NewVersionNotice } from "./NewVersionNotice";
import { TermsAlert } from "./TermsAlert";
import { ReminderBell, ReminderSnackbar } from "./Reminders";
import { MessagesButton } from "./MessagesButton";
import { useWideLayout } from "./useWideLayout";
import { VpnHost } from "../features/vpn/VpnHost";
import { ReminderStore } from "../stores/ReminderStore";
import { VpnStatusStore } from "../stores/VpnStatusStore";
import { Hint } from "./controls/Hint";

/**
 * The signed-in layout. Wide (960 px and more, core's isWideLayout): top bar (brand, company
 * switcher, VPN client state, messages with the unread badge, user, log out), the left menu beside the content. Narrow: a top bar
 * with a menu button that opens the left menu in a drawer, the company switcher, and a user menu;
 * the content gets the whole width.
 */
export const Shell = observer(function Shell() {
  const { session, branding, connector, ui, events } = useStores();
  const reminders = useStore(ReminderStore);
  const vpnStatus = useStore(VpnStatusStore);
  const { pathname } = useLocation();
  const wide = useWideLayout();
  // A choice in the drawer navigates; the drawer then has done its job.
  useEffect(() => ui.closeMenu(), [ui, pathname, wide]);
  // Signed in: decisions arrive over the event stream, reminders tick every minute.
  const company = session.selectedCompanyId;
  useEffect(() => {
    if (company === null) return;
    events.start();
    void reminders.start();
    return () => {
      events.stop();
      reminders.stop();
    };
  }, [events, reminders, company]);
  return (
    <div className={wide ? "shell is-wide" : "shell is-narrow"} data-testid="shell">
      <header className="shell-header">
      <Navbar className="shell-bar">
        <NavbarGroup align={Alignment.START} className="shell-bar-start">
          {!wide && (
            <Button variant="minimal" icon="menu" aria-label="Open menu" aria-expanded={ui.menuOpen}
              data-testid="menu-button" onClick={() => ui.openMenu()} />
          )}
          <NavbarHeading className="shell-brand" data-testid="brand-name">
            {branding.logo && <img className="shell-logo" src={branding.logo} alt="" data-testid="brand-logo" />}
            <span className={branding.logo ? "shell-brand-text has-logo" : "shell-brand-text"}>{branding.displayName}</span>
          </NavbarHeading>
          <NavbarDivider />
          <CompanySwitcher />
        </NavbarGroup>
        <NavbarGroup align={Alignment.END} className="shell-bar-end">
          {wide ? (
            <>
              <Hint content="Local VPN client: details">
                <Button variant="minimal" icon="shield" data-testid="vpn-client-status" onClick={() => vpnStatus.openInfo()}>VPN client: {connector.status}</Button>
              </Hint>
              <NavbarDivider />
              <MessagesButton />
              <span data-testid="user-name" className="shell-user">{session.userName}</span>
              <Hint content="My profile"><Button variant="minimal" icon="user" aria-label="My profile" data-testid="my-profile-link" onClick={() => session.navigate("/my-profile")} /></Hint>
              <Button variant="minimal" icon="log-out" text="Log out" data-testid="log-out" onClick={() => vpnStatus.requestLogout()} />
            </>
          ) : (
            <>
            <MessagesButton />
            <ReminderBell />
            <Popover position={Position.BOTTOM_RIGHT} content={
              <Menu aria-label="Account">
                <MenuDivider title={session.userName || "Account"} />
                <MenuItem text="My profile" icon="user" onClick={() => session.navigate("/my-profile")} />
                <MenuItem text="Messages" icon="inbox" onClick={() => session.navigate("/messages")} />
                <MenuItem text={`VPN client: ${connector.status}`} icon="shield" onClick={() => vpnStatus.openInfo()} />
                <MenuItem text="Log out" icon="log-out" onClick={() => vpnStatus.requestLogout()} />
              </Menu>
            }>
              <Button variant="minimal" icon="user" aria-label="Account and log out" data-testid="account-button" />
            </Popover>
            </>
          )}
        </NavbarGroup>
      </Navbar>
      </header>
      <div className="shell-body">
        {wide && <nav className="shell-menu" aria-label="Main menu"><LeftMenu /></nav>}
        <main className="shell-content" id="main"><NewVersionNotice /><Outlet /></main>
        <TermsAlert />
      </div>
      {wide && <ReminderSnackbar />}
      <VpnHost />
      {!wide && (
        <Drawer isOpen={ui.menuOpen} onClose={() => ui.closeMenu()} position="left" size="min(300px, 85vw)" title={branding.displayName || "Menu"}
          className="shell-drawer">
          <nav className="shell-drawer-menu" aria-label="Main menu"><LeftMenu /></nav>
        </Drawer>
      )}
    </div>
  );
});
