import { Callout, HTMLTable, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import type { Group } from "@portal/core/domain/Group";
import { useStores } from "../../app/StoreContext";
import { messageOfError } from "../../stores/messages";

type Load = { readonly state: "loading" } | { readonly state: "ready"; readonly groups: ReadonlyArray<Group> } | { readonly state: "failed"; readonly message: string };

/** /groups/{id}: the groups of one group type. */
export const GroupsOfTypePage = observer(function GroupsOfTypePage() {
  const { publicId = "" } = useParams();
  const { groupTypes } = useStores();
  const type = groupTypes.byId(publicId);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    let live = true;
    setLoad({ state: "loading" });
    void groupTypes.listGroups(publicId).then((r) => {
      if (!live) return;
      setLoad(r._tag === "Success" ? { state: "ready", groups: r.success } : { state: "failed", message: messageOfError(r.failure) });
    });
    return () => {
      live = false;
    };
  }, [groupTypes, publicId]);

  if (type === undefined) return <NonIdealState icon="search" title="Group type not found" description="It may have been deleted." />;
  return (
    <div data-testid="group-type-page">
      <div className="type-page-header">
        {groupTypes.controls.color && type.color && <span className="type-panel-swatch" style={{ background: type.color, width: 16, height: 16 }} />}
        <h2 className="bp6-heading" data-testid="group-type-title">{groupTypes.displayName(type)}</h2>
        {load.state === "ready" && <Tag minimal round>{load.groups.length}</Tag>}
      </div>
      {load.state === "loading" && <Spinner size={24} />}
      {load.state === "failed" && <Callout intent="danger" title="The groups could not be loaded">{load.message}</Callout>}
      {load.state === "ready" && load.groups.length === 0 && (
        <NonIdealState icon="inbox" title="No groups of this type" />
      )}
      {load.state === "ready" && load.groups.length > 0 && (
        <HTMLTable striped style={{ width: "100%" }} data-testid="groups-table">
          <thead><tr><th>Group</th></tr></thead>
          <tbody>{load.groups.map((g) => <tr key={g.publicId}><td>{g.name}</td></tr>)}</tbody>
        </HTMLTable>
      )}
    </div>
  );
});

export default GroupsOfTypePage;
