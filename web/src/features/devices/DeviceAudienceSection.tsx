import { Button } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore } from "../../app/StoreContext";
import { AudienceDialog } from "../access-categories/AudienceDialog";
import { AudienceDialogStore } from "../../stores/AudienceDialogStore";

/**
 * The device's access category, for administrators (manage:roles): shown, and changed through the
 * access category dialog. Members with another category stop seeing the device at once.
 */
export const DeviceAudienceSection = observer(function DeviceAudienceSection({ agentPublicId, name }: { agentPublicId: string; name: string }) {
  const audienceDialog = useStore(AudienceDialogStore);
  const target = { kind: "agent", publicId: agentPublicId } as const;
  useEffect(() => void audienceDialog.loadShown({ kind: "agent", publicId: agentPublicId }), [audienceDialog, agentPublicId]);
  const carried = audienceDialog.carried(target);
  return (
    <section aria-labelledby="device-audience" data-testid="device-audience">
      <h2 id="device-audience">Access category</h2>
      <p>
        {carried === undefined ? <span className="bp6-text-muted">Loading…</span>
          : carried === null ? <span data-testid="device-audience-value">None: every member of the company sees this device.</span>
          : <span data-testid="device-audience-value">Only members of <Tag minimal>{carried.name}</Tag> (and those who manage access requests) see this device.</span>}
      </p>
      <Button icon="tag" text="Change access category" data-testid="device-audience-change"
        onClick={() => void audienceDialog.open({ ...target, name })} />
      <AudienceDialog />
    </section>
  );
});
