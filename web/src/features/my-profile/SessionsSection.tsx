import { Alert, Button, Card, HTMLTable, Intent } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useStore, useStores } from "../../app/StoreContext";
import { MySessionsStore } from "../../stores/MySessionsStore";

/** My access tokens and trusted devices; ending this session or forgetting this browser asks first. */
export const SessionsSection = observer(function SessionsSection() {
  const { session } = useStores();
  const store = useStore(MySessionsStore);
  const [confirm, setConfirm] = useState<{ kind: "token" | "device"; publicId: string } | null>(null);
  const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", ...(session.timeZone ? { timeZone: session.timeZone } : {}) }).format(new Date(iso));
  const revoke = (kind: "token" | "device", publicId: string, current: boolean) => {
    if (current) setConfirm({ kind, publicId });
    else void (kind === "token" ? store.revokeToken(publicId) : store.forgetDevice(publicId));
  };
  return (
    <>
      <Card className="my-profile-section" data-testid="sessions-section">
        <h2 className="bp6-heading">Sessions</h2>
        {store.loadError !== null && <p className="my-profile-error" role="alert">{store.loadError}</p>}
        <div className="my-profile-table">
          <HTMLTable compact striped aria-label="My sessions">
            <thead><tr><th>Signed in</th><th>Ends</th><th>Kind</th><th><span className="bp6-text-muted">Action</span></th></tr></thead>
            <tbody>
              {store.tokens.map((t) => (
                <tr key={t.publicId} data-testid="token-row">
                  <td data-label="Signed in">{when(t.createdOn)} {t.current && <Tag intent={Intent.PRIMARY} minimal>This session</Tag>}</td>
                  <td data-label="Ends">{when(t.expiresOn)}</td>
                  <td data-label="Kind">{t.derived ? "Link or app" : "Sign-in"}</td>
                  <td><Button small variant="minimal" intent="danger" text="Sign out" loading={store.busy === t.publicId} onClick={() => revoke("token", t.publicId, t.current)} /></td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </Card>
      <Card className="my-profile-section" data-testid="devices-section">
        <h2 className="bp6-heading">Trusted devices</h2>
        <p>Browsers you signed in from. Forgetting one signs it out.</p>
        {store.devices.length === 0 ? <p className="bp6-text-muted">None yet.</p> : (
          <div className="my-profile-table">
            <HTMLTable compact striped aria-label="Trusted devices">
              <thead><tr><th>Device</th><th>First seen</th><th>Last sign-in</th><th><span className="bp6-text-muted">Action</span></th></tr></thead>
              <tbody>
                {store.devices.map((d) => (
                  <tr key={d.publicId} data-testid="device-row">
                    <td data-label="Device">{d.name} {d.current && <Tag intent={Intent.PRIMARY} minimal>This browser</Tag>}</td>
                    <td data-label="First seen">{when(d.firstSeenOn)}</td>
                    <td data-label="Last sign-in">{when(d.lastSeenOn)}</td>
                    <td><Button small variant="minimal" intent="danger" text="Forget" loading={store.busy === d.publicId} onClick={() => revoke("device", d.publicId, d.current)} /></td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </Card>
      <Alert isOpen={confirm !== null} intent={Intent.DANGER} cancelButtonText="Cancel" confirmButtonText="Sign me out"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const c = confirm;
          setConfirm(null);
          if (c) void (c.kind === "token" ? store.revokeToken(c.publicId) : store.forgetDevice(c.publicId));
        }}>
        <p>This is the session you are using: you will be signed out here.</p>
      </Alert>
    </>
  );
});
