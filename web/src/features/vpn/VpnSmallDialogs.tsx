import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../app/StoreContext";
import "../../shell/dialogs/formDialog.css";
import { VpnStatusStore } from "../../stores/VpnStatusStore";
import { VpnConnectStore } from "../../stores/VpnConnectStore";

/** The VPN access expired dialog (spec 2, 8): the session ends within 8 hours; logging out and in again is the fix. */
export const VpnExpiredDialog = observer(function VpnExpiredDialog() {
  const root = useStores();
  const { messages } = root;
  const vpnConnect = root.get(VpnConnectStore);
  if (!vpnConnect.expiredOpen) return null;
  return (
    <Dialog isOpen onClose={() => vpnConnect.closeExpired()} title="VPN access expired" icon="time" className="full-screen-narrow"
      style={{ width: 440 }} data-testid="vpn-expired">
      <DialogBody><p>{messages.text("Your access expires soon. Log out and log in again to connect.")}</p></DialogBody>
      <DialogFooter actions={
        <>
          <Button text="Cancel" onClick={() => vpnConnect.closeExpired()} />
          <Button text="Log out" intent="primary" icon="log-out" data-testid="vpn-expired-logout" onClick={() => {
            vpnConnect.closeExpired();
            root.navigate("/logout");
          }} />
        </>
      } />
    </Dialog>
  );
});

/** The confirm-logout dialog (spec 2, 4): shown on log out while a VPN session is up; closes by itself once idle. */
export const VpnLogoutConfirm = observer(function VpnLogoutConfirm() {
  const vpnStatus = useStore(VpnStatusStore);
  if (!vpnStatus.logoutConfirmOpen) return null;
  return (
    <Dialog isOpen onClose={() => vpnStatus.cancelLogout()} title="Log out?" icon="log-out" className="full-screen-narrow"
      style={{ width: 440 }} data-testid="vpn-logout-confirm">
      <DialogBody><p>Your VPN connection is still open. Logging out disconnects it.</p></DialogBody>
      <DialogFooter actions={
        <>
          <Button text="Cancel" onClick={() => vpnStatus.cancelLogout()} data-testid="vpn-logout-cancel" />
          <Button text="Log out" intent="danger" icon="log-out" onClick={() => void vpnStatus.confirmLogout()} data-testid="vpn-logout-confirm-button" />
        </>
      } />
    </Dialog>
  );
});

/**
 * The VPN consent dialog (spec 1, 2; iOS): why the permission is needed, and 'Got it', which keeps
 * the flag without expiry and goes on with the connect. Closing it otherwise drops the attempt.
 */
export const VpnConsentDialog = observer(function VpnConsentDialog() {
  const root = useStores();
  const vpnConnect = root.get(VpnConnectStore);
  if (vpnConnect.consent === null) return null;
  return (
    <Dialog isOpen onClose={() => vpnConnect.closeConsent()} title="Allow the VPN connection" icon="shield" className="full-screen-narrow"
      style={{ width: 440 }} data-testid="vpn-consent">
      <DialogBody><p>{root.messages.text("VPN_CONSENT")}</p></DialogBody>
      <DialogFooter actions={
        <Button text="Got it" intent="primary" autoFocus data-testid="vpn-consent-got-it" onClick={() => void vpnConnect.consentGiven()} />
      } />
    </Dialog>
  );
});

/** The mobile VPN unsupported dialog (spec 1, 2): a phone or tablet the sector's VPN client platforms do not include. */
export const VpnUnsupportedDialog = observer(function VpnUnsupportedDialog() {
  const root = useStores();
  const vpnConnect = root.get(VpnConnectStore);
  if (!vpnConnect.unsupportedOpen) return null;
  return (
    <Dialog isOpen onClose={() => vpnConnect.closeUnsupported()} title="VPN not supported on this device" icon="mobile-phone"
      className="full-screen-narrow" style={{ width: 440 }} data-testid="vpn-unsupported">
      <DialogBody><p>{root.messages.text("VPN_MOBILE_UNSUPPORTED")}</p></DialogBody>
      <DialogFooter actions={
        <Button text="OK" intent="primary" autoFocus data-testid="vpn-unsupported-ok" onClick={() => vpnConnect.closeUnsupported()} />
      } />
    </Dialog>
  );
});
