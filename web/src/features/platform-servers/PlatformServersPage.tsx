import { HTMLSelect, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useState } from "react";
import { useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { PlatformServersStore, type ServerTypeChoice } from "../../stores/PlatformServersStore";
import "../templates/templates.css";
import { SERVER_TYPE_LABEL as TYPE_LABEL } from "./serverTypeLabels";


/**
 * /platform-servers (manage:access-requests or manage:templates; the API lets every member read
 * them): the servers the platform administrators assigned to the company, read-only, with a type
 * filter. rsc servers carry the company's VPN; mdr servers run its backend component templates.
 */
export const PlatformServersPage = observer(function PlatformServersPage() {
  const root = useStores();
  const [store] = useState(() => new PlatformServersStore(root));
  const filterId = useId();
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div className="platform-page" data-testid="platform-servers-page">
      <ScreenHeader title="Platform servers">
        <label htmlFor={filterId} className="platform-filter">
          Type
          <HTMLSelect id={filterId} value={store.type} onChange={(e) => store.setType(e.currentTarget.value as ServerTypeChoice)} data-testid="platform-servers-type"
            options={[{ value: "all", label: "All types" }, { value: "mdr", label: TYPE_LABEL.mdr }, { value: "rsc", label: TYPE_LABEL.rsc }]} />
        </label>
      </ScreenHeader>
      <p className="bp6-text-muted">
        The provider's servers assigned to your company. Platform administrators manage them; an MDR server is needed to run templates.
      </p>
      {store.state === "pending" && store.servers.length === 0 ? <Spinner size={32} /> : store.visible.length === 0 ? (
        <NonIdealState icon="database" title="No platform servers" description="Your company has no servers of this type. Ask your provider to assign one." />
      ) : (
        <div className="platform-scroll">
          <HTMLTable compact striped className="platform-table" data-testid="platform-servers-table">
            <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Location</th><th scope="col">VPN range</th></tr></thead>
            <tbody>
              {store.visible.map((s) => (
                <tr key={s.publicId} data-testid="platform-server-row">
                  <td><strong>{s.name}</strong></td>
                  <td><Tag minimal round intent={s.type === "mdr" ? "primary" : "success"}>{TYPE_LABEL[s.type]}</Tag></td>
                  <td>{s.location}</td>
                  <td className="platform-mono">{s.vpnRange}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
});

export default PlatformServersPage;
