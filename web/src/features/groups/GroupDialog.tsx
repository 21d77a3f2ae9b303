import { FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { NAME_MAX_LENGTH } from "@portal/core/constants";
import { isSelfOrDescendant } from "@portal/core/rules/groupTree";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { GroupStore } from "../../stores/GroupStore";

export interface GroupDialogProps {
  store: GroupStore;
  /** The group to rename or move; absent to create one. */
  editingId?: string;
  /** The parent a new group starts under (the "Add subgroup" action); null: top level. */
  initialParentId?: string | null;
  onClose: (savedPublicId?: string) => void;
}

const TOP = "";

/**
 * Create, rename or move a group (issue 11). The parent can be chosen only when the company may
 * use subgroups (manage:subgroups); the group itself and its subgroups are not offered as its
 * parent (core's no-cycle rule). The rule's issues show beside the fields; a failed save keeps
 * the typed values, and leaving with changes asks first (FormDialog).
 */
export const GroupDialog = observer(function GroupDialog({ store, editingId, initialParentId = null, onClose }: GroupDialogProps) {
  const { messages } = useStores();
  const editing = editingId === undefined ? undefined : store.byId(editingId);
  const [start] = useState(() => ({ name: editing?.name ?? "", parent: editing ? editing.parentId ?? TOP : initialParentId ?? TOP }));
  const [name, setName] = useState(start.name);
  const [parent, setParent] = useState(start.parent);
  const [issues, setIssues] = useState<ReadonlyArray<{ message: string; propertyName?: string }>>([]);
  const [saving, setSaving] = useState(false);
  const dirty = name !== start.name || parent !== start.parent;
  const byId = new Map(store.groups.map((g) => [g.publicId, g]));
  const parents = store.groups.filter((g) => editingId === undefined || !isSelfOrDescendant(byId, editingId, g.publicId))
    .sort((a, b) => a.name.localeCompare(b.name));
  const save = async () => {
    setSaving(true);
    const parentId = parent === TOP ? null : parent;
    const outcome = editingId === undefined ? await store.create(name, parentId) : await store.update(editingId, name, parentId);
    setSaving(false);
    if (outcome.ok) onClose(outcome.publicId);
    else setIssues(outcome.issues);
  };
  const issueOf = (field: string) => {
    const i = issues.find((x) => x.propertyName === field);
    return i ? messages.text(i.message, { name: name.trim() }) : null;
  };
  const other = issues.find((x) => x.propertyName !== "name" && x.propertyName !== "parent");
  const nameError = issueOf("name");
  const parentError = issueOf("parent");
  return (
    <FormDialog title={editing ? "Rename or move group" : "Add group"} icon="people" testId="group-dialog" saveTestId="group-save"
      dirty={dirty} saving={saving} canSave={name.trim() !== "" && (dirty || issues.length > 0)}
      failure={other ? { key: other.message } : null} onSave={() => void save()} onClose={() => onClose()}>
      <FormGroup label="Name" labelFor="group-name" intent={nameError ? "danger" : "none"} helperText={nameError ?? undefined}>
        <InputGroup id="group-name" value={name} autoFocus maxLength={NAME_MAX_LENGTH + 50} intent={nameError ? "danger" : "none"}
          onValueChange={(v) => { setName(v); setIssues((xs) => xs.filter((x) => x.propertyName !== "name")); }} />
      </FormGroup>
      {store.mayNest && (
        <FormGroup label="Parent group" labelFor="group-parent" intent={parentError ? "danger" : "none"}
          helperText={parentError ?? "A subgroup belongs to the same group type as its parent."}>
          <HTMLSelect id="group-parent" fill value={parent}
            onChange={(e) => { setParent(e.currentTarget.value); setIssues((xs) => xs.filter((x) => x.propertyName !== "parent")); }}>
            <option value={TOP}>None (top level)</option>
            {parents.map((g) => <option key={g.publicId} value={g.publicId}>{g.name}</option>)}
          </HTMLSelect>
        </FormGroup>
      )}
    </FormDialog>
  );
});
