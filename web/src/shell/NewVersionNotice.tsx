import { Button, Callout } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../app/StoreContext";

/**
 * The new-version notice (spec 2): a polite banner above the content once info.json names another
 * build. Reload loads it; Later hides the notice until an even newer build is found.
 */
export const NewVersionNotice = observer(function NewVersionNotice() {
  const { update } = useStores();
  if (!update.visible) return null;
  return (
    <Callout intent="primary" icon="refresh" className="new-version-notice" role="status" data-testid="new-version-notice">
      <span>A new version of the portal is available. Reload to use it; nothing you saved is lost.</span>
      <span className="new-version-actions">
        <Button intent="primary" text="Reload" onClick={() => update.reload()} />
        <Button variant="minimal" text="Later" onClick={() => update.later()} />
      </span>
    </Callout>
  );
});
