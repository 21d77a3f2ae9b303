import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { faviconLink } from "@portal/core/rules/branding";
import { useStore, useStores } from "../../app/StoreContext";
import { VpnInfoDialog } from "./VpnInfoDialog";
import { VpnInstallerDialog } from "./VpnInstallerDialog";
import { VpnConsentDialog, VpnExpiredDialog, VpnLogoutConfirm, VpnUnsupportedDialog } from "./VpnSmallDialogs";
import "./vpn.css";
import { VpnStatusStore } from "../../stores/VpnStatusStore";

/** The VPN status snackbar (spec 2): 'VPN', the status text and Details (the info dialog). */
export const VpnStatusBar = observer(function VpnStatusBar() {
  const vpnStatus = useStore(VpnStatusStore);
  if (!vpnStatus.barVisible) return null;
  return (
    <div className="vpn-status-bar" role="status" aria-live="polite" data-testid="vpn-status-bar">
      <span className="vpn-status-label">VPN</span>
      <span data-testid="vpn-status-text">{vpnStatus.statusText}</span>
      <Button variant="minimal" text="Details" onClick={() => vpnStatus.openInfo()} data-testid="vpn-details" />
    </div>
  );
});

/** While connected the favicon shows the connected variant (with a cache-busting timestamp); then the branding's again. */
const VpnFavicon = observer(function VpnFavicon() {
  const { branding } = useStores();
  const vpnStatus = useStore(VpnStatusStore);
  const href = vpnStatus.favicon === null ? branding.faviconHref : faviconLink(vpnStatus.favicon, vpnStatus.faviconStamp).href;
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>("link#favicon");
    if (link !== null && link.href !== href) link.href = href;
  }, [href]);
  return null;
});

/** Everything of the VPN the signed-in shell hosts: status bar, favicon and the VPN dialogs. */
export const VpnHost = observer(function VpnHost() {
  return (
    <>
      <VpnFavicon />
      <VpnStatusBar />
      <VpnInstallerDialog />
      <VpnExpiredDialog />
      <VpnConsentDialog />
      <VpnUnsupportedDialog />
      <VpnInfoDialog />
      <VpnLogoutConfirm />
    </>
  );
});
