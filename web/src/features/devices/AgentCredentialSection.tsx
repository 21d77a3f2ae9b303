import { Alert, Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStore } from "../../app/StoreContext";
import { CopyButton } from "../vpn/VpnInfoDialog";
import "../../shell/dialogs/formDialog.css";
import { AgentCredentialStore } from "../../stores/AgentCredentialStore";

/**
 * Agent credential (issue 10), for users who manage access requests on the device: Rotate asks
 * first (the running agent is disconnected), then the new secret is shown once with the config.
 */
export const AgentCredentialSection = observer(function AgentCredentialSection({ agentPublicId }: { agentPublicId: string }) {
  const store = useStore(AgentCredentialStore);
  const mine = store.agentPublicId === agentPublicId;
  return (
    <section aria-labelledby="device-credential" data-testid="agent-credential">
      <h2 id="device-credential">Agent credential</h2>
      <p className="bp6-text-muted">The device agent signs in to the portal with this credential. A new one replaces the old at once.</p>
      <Button icon="refresh" text="Rotate" onClick={() => store.askRotate(agentPublicId)} data-testid="credential-rotate" />
      <Alert isOpen={mine && (store.phase === "confirm" || store.phase === "rotating")} intent="danger" icon="warning-sign"
        cancelButtonText="Cancel" confirmButtonText="Rotate" loading={store.phase === "rotating"}
        onCancel={() => store.cancel()} onConfirm={() => void store.rotate()} canEscapeKeyCancel>
        <p>Rotate the agent credential? The running agent is disconnected and cannot connect again until it gets the new secret.</p>
      </Alert>
      <Dialog isOpen={mine && store.phase === "shown"} onClose={() => store.close()} title="New agent credential" icon="key"
        className="full-screen-narrow" style={{ width: 560 }} data-testid="credential-shown">
        <DialogBody>
          <Callout intent="warning" icon="eye-open">This secret is shown only once. Copy it now; it cannot be shown again.</Callout>
          <h3>Secret</h3>
          <p>
            <code className="credential-secret" data-testid="credential-secret">{store.credential?.secret}</code>{" "}
            <CopyButton text={store.credential?.secret ?? ""} label="Copy secret" testId="credential-copy-secret" />
          </p>
          <h3>Agent configuration</h3>
          <pre className="credential-secret" data-testid="credential-snippet">{store.snippet}</pre>
          <CopyButton text={store.snippet} label="Copy configuration" testId="credential-copy-snippet" />
        </DialogBody>
        <DialogFooter actions={<Button text="Done" intent="primary" onClick={() => store.close()} data-testid="credential-done" />} />
      </Dialog>
    </section>
  );
});
