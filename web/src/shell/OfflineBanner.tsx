import { LightCallout } from "./light";
import { observer } from "mobx-react-lite";
import { useStores } from "../app/StoreContext";

/** 'No connection' for as long as the browser is offline (spec section 4, connectivity). */
export const OfflineBanner = observer(function OfflineBanner() {
  const { connectivity } = useStores();
  if (connectivity.offlineMessage === null) return null;
  return (
    <LightCallout intent="warning" data-testid="offline-banner" compact
      style={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: 30, textAlign: "center" }}>
      {connectivity.offlineMessage}
    </LightCallout>
  );
});
