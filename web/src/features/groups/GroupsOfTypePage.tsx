import { Alert, Button, Callout, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { useStore } from "../../app/StoreContext";
import { messageOfError } from "../../stores/messages";
import { GroupDevicesSection } from "./GroupDevicesSection";
import { GroupDialog } from "./GroupDialog";
import { GroupMembersSection } from "./GroupMembersSection";
import { GroupTree } from "./GroupTree";
import "./groups.css";
import { GroupStore } from "../../stores/GroupStore";
import { GroupTypeStore } from "../../stores/GroupTypeStore";

type DialogState = { readonly kind: "create"; readonly parentId: string | null } | { readonly kind: "edit"; readonly publicId: string } | null;

/**
 * /groups/{id}: the groups of one group type as a tree (subgroups nested), with create, rename,
 * move and delete for holders of manage:groups, and beside the tree (below it on narrow screens)
 * the selected group's members with their roles and its devices.
 */
export const GroupsOfTypePage = observer(function GroupsOfTypePage() {
  const { publicId = "" } = useParams();
  const groupTypes = useStore(GroupTypeStore);
  const groups = useStore(GroupStore);
  const type = groupTypes.byId(publicId);
  const [dialog, setDialog] = useState<DialogState>(null);
  useEffect(() => { void groups.load(publicId); }, [groups, publicId]);

  if (type === undefined) return <NonIdealState icon="search" title="Group type not found" description="It may have been deleted." />;
  const color = groupTypes.colorOf(type.publicId);
  return (
    <div className="groups-page" data-testid="group-type-page">
      <div className="type-page-header">
        {groupTypes.controls.color && type.color && <span className="type-panel-swatch" style={{ background: type.color, width: 16, height: 16 }} />}
        <h2 className="bp6-heading" data-testid="group-type-title">{groupTypes.displayName(type)}</h2>
        {groups.loadState === "ready" && <Tag minimal round>{groups.groups.length}</Tag>}
        <span style={{ flex: 1 }} />
        {groups.canManage && <Button icon="plus" text="Add group" intent="primary" onClick={() => setDialog({ kind: "create", parentId: null })} />}
      </div>
      {groups.loadState === "loading" && groups.groups.length === 0 && <Spinner size={24} />}
      {groups.loadState === "failed" && groups.loadError && (
        <Callout intent="danger" title="The groups could not be loaded">{messageOfError(groups.loadError as Parameters<typeof messageOfError>[0])}</Callout>
      )}
      {groups.loadState === "ready" && groups.groups.length === 0 && <NonIdealState icon="inbox" title="No groups of this type" />}
      {groups.groups.length > 0 && (
        <div className="groups-split">
          <nav className="groups-tree-panel" aria-label="Groups of this type" data-testid="groups-table">
            <GroupTree nodes={groups.forest} selectedId={groups.selectedId} color={color} onSelect={(id) => groups.select(id)} />
          </nav>
          <div className="groups-details">
            {groups.selected ? <GroupDetails store={groups} onEdit={(id) => setDialog({ kind: "edit", publicId: id })}
              onAddSubgroup={(id) => setDialog({ kind: "create", parentId: id })} />
              : <NonIdealState icon="group-objects" title="Choose a group" description="Its members and devices show here." />}
          </div>
        </div>
      )}
      {dialog && (
        <GroupDialog store={groups} {...(dialog.kind === "edit" ? { editingId: dialog.publicId } : { initialParentId: dialog.parentId })}
          onClose={(saved) => { setDialog(null); if (saved) groups.select(saved); }} />
      )}
    </div>
  );
});

interface GroupDetailsProps {
  store: GroupStore;
  onEdit: (publicId: string) => void;
  onAddSubgroup: (publicId: string) => void;
}

/** The selected group: its actions, members and devices. */
const GroupDetails = observer(function GroupDetails({ store, onEdit, onAddSubgroup }: GroupDetailsProps) {
  const group = store.selected!;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const parent = group.parentId === null ? undefined : store.byId(group.parentId);
  return (
    <div data-testid="group-details">
      <div className="group-details-header">
        <h3 className="bp6-heading">{group.name}</h3>
        {store.canManage && (
          <div className="group-details-actions">
            <Button icon="edit" text="Rename or move" onClick={() => onEdit(group.publicId)} />
            {store.mayNest && <Button icon="plus" text="Add subgroup" onClick={() => onAddSubgroup(group.publicId)} />}
            <Button icon="trash" intent="danger" variant="outlined" text="Delete group" onClick={() => setConfirmDelete(true)} />
          </div>
        )}
      </div>
      {parent && <p className="bp6-text-muted">Subgroup of {parent.name}</p>}
      {store.detailsState === "loading" && store.members.length === 0 && <Spinner size={20} />}
      {store.detailsState === "failed" && <Callout intent="warning">The members and devices could not be loaded. Choose the group again to retry.</Callout>}
      <GroupMembersSection store={store} />
      <GroupDevicesSection store={store} />
      <Alert isOpen={confirmDelete} icon="trash" intent="danger" confirmButtonText="Delete" cancelButtonText="Cancel" canEscapeKeyCancel
        onCancel={() => setConfirmDelete(false)} onConfirm={() => { setConfirmDelete(false); void store.remove(group.publicId); }}>
        <p>Delete the group “{group.name}”? A group can only be deleted once it has no subgroups, members or devices.</p>
      </Alert>
    </div>
  );
});

export default GroupsOfTypePage;
