import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { INSTALLATION_FOUND } from "@portal/core/rules/vpnConnector";
import { useStore, useStores } from "../../app/StoreContext";
import { DownloadMenu } from "./DownloadMenu";
import "../../shell/dialogs/formDialog.css";
import { VpnConnectStore } from "../../stores/VpnConnectStore";
import { VpnStatusStore } from "../../stores/VpnStatusStore";

export const NO_INSTALLATION_FOUND = "No VPN client installation found";

/**
 * The VPN installer dialog (spec 2): 'installation found' or 'no installation found'; Cancel,
 * Connect now (once found), Try again (probes the client now), and the Download installer menu.
 */
export const VpnInstallerDialog = observer(function VpnInstallerDialog() {
  const { connector } = useStores();
  const vpnConnect = useStore(VpnConnectStore);
  const vpnStatus = useStore(VpnStatusStore);
  const open = vpnConnect.installer !== null;
  useEffect(() => {
    if (open) void vpnStatus.loadFeed();
  }, [open, vpnStatus]);
  if (!open) return null;
  const found = connector.status === "found";
  return (
    <Dialog isOpen onClose={() => vpnConnect.closeInstaller()} title="VPN client" icon="shield" className="full-screen-narrow vpn-installer"
      style={{ width: 580 }} data-testid="vpn-installer">
      <DialogBody>
        <Callout intent={found ? "success" : "warning"} icon={found ? "tick-circle" : "search"} data-testid="vpn-installer-state">
          {found ? INSTALLATION_FOUND : NO_INSTALLATION_FOUND}
        </Callout>
        <p className="vpn-installer-text">
          {found
            ? "The VPN client is running on this computer. Connect now to reach the device."
            : "To connect, install the VPN client on this computer and start it, then try again."}
        </p>
        {!found && (
          <p className="vpn-installer-text" data-testid="vpn-installer-howto">
            The client is one file that Node.js runs. Download it, then start it with{" "}
            <code>node portal-vpn-client-{vpnStatus.feed?.releases.linux?.latestVersion ?? "<version>"}.mjs --portal {window.location.origin}</code>
          </p>
        )}
      </DialogBody>
      <DialogFooter actions={
        <>
          <Button text="Cancel" onClick={() => vpnConnect.closeInstaller()} data-testid="vpn-installer-cancel" />
          <Button text="Try again" icon="refresh" onClick={() => connector.retry()} data-testid="vpn-installer-retry" />
          <Button text="Connect now" intent="primary" disabled={!found} onClick={() => void vpnConnect.connectNow()} data-testid="vpn-installer-connect" />
        </>
      }>
        <DownloadMenu feed={vpnStatus.feed} />
      </DialogFooter>
    </Dialog>
  );
});
