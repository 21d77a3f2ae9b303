import { Alert, Button, HTMLTable, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore } from "../../app/StoreContext";
import { AdminPlatformServersStore } from "../../stores/AdminPlatformServersStore";
import { SERVER_TYPE_LABEL } from "../platform-servers/serverTypeLabels";
import { PlatformServerDialogView } from "./PlatformServerDialogView";

/** Every company's platform servers: add one, edit one, or take one back (after a confirmation). */
export const PlatformServersSection = observer(function PlatformServersSection({ companies }: {
  /** The companies a server can be assigned to. */
  readonly companies: ReadonlyArray<{ readonly publicId: string; readonly name: string }>;
}) {
  const store = useStore(AdminPlatformServersStore);
  useEffect(() => { void store.load(); }, [store]);
  const doomed = store.confirmingDelete;
  return (
    <section aria-labelledby="pt-servers">
      <h2 id="pt-servers">Platform servers</h2>
      <p className="bp6-text-muted">Servers assigned to companies: RSC servers carry a company's VPN, MDR servers run its templates.</p>
      <Button icon="add" intent="primary" text="Add platform server" onClick={() => store.openAdd()} data-testid="ps-add" />
      {store.state === "pending" && store.servers.length === 0 ? <Spinner size={24} /> : store.servers.length === 0 ? (
        <p className="bp6-text-muted">No company has a platform server yet.</p>
      ) : (
        <div className="pt-scroll">
          <HTMLTable compact striped data-testid="pt-servers">
            <thead><tr><th scope="col">Company</th><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Location</th><th scope="col">VPN range</th><th scope="col"><span className="bp6-text-muted">Actions</span></th></tr></thead>
            <tbody>
              {store.servers.map((s) => (
                <tr key={s.publicId} data-testid="pt-server-row">
                  <td data-label="Company">{s.company.name}</td>
                  <td data-label="Name"><strong>{s.name}</strong></td>
                  <td data-label="Type"><Tag minimal round intent={s.type === "mdr" ? "primary" : "success"}>{SERVER_TYPE_LABEL[s.type]}</Tag></td>
                  <td data-label="Location">{s.location}</td>
                  <td data-label="VPN range"><code>{s.vpnRange}</code></td>
                  <td>
                    <Button size="small" variant="minimal" icon="edit" text="Edit" aria-label={`Edit ${s.name} of ${s.company.name}`} onClick={() => store.openEdit(s)} />
                    <Button size="small" variant="minimal" icon="trash" intent="danger" text="Remove" aria-label={`Remove ${s.name} of ${s.company.name}`} onClick={() => store.askDelete(s)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {store.dialog && <PlatformServerDialogView dialog={store.dialog} companies={companies} onSave={() => void store.saveDialog()} onClose={() => store.closeDialog()} />}
      <Alert isOpen={doomed !== null} intent="danger" icon="trash" cancelButtonText="Keep it" confirmButtonText="Remove" loading={store.deleting}
        onCancel={() => store.cancelDelete()} onConfirm={() => void store.confirmDelete()}>
        <p>Remove the platform server {doomed?.name} of {doomed?.company.name}? The company can no longer use it.</p>
      </Alert>
    </section>
  );
});
