import { Alert, Button, Menu, MenuItem, NonIdealState, Popover, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { NameDialogView } from "./NameDialogView";
import { RightsEditor } from "./RightsEditor";
import "./roles.css";
import { RolesStore } from "../../stores/RolesStore";

const membersText = (n: number): string => (n === 1 ? "1 member" : `${n} members`);

/**
 * /roles (manage:roles): the company's roles with their member counts beside the rights editor of
 * the selected one. Choosing another role with unsaved rights asks first.
 */
export const RolesPage = observer(function RolesPage() {
  const store = useStore(RolesStore);
  const [pending, setPending] = useState<string | null>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  const choose = (publicId: string) => {
    if (store.isDirty && publicId !== store.selected?.publicId) setPending(publicId);
    else store.select(publicId);
  };
  const selected = store.selected;
  return (
    <div className="roles-page" data-testid="roles-page">
      <ScreenHeader title="Roles">
        <Button icon="plus" intent="primary" text="Add role" onClick={() => store.openAdd()} data-testid="role-add" />
      </ScreenHeader>
      {store.state === "pending" && store.roles.length === 0 ? <Spinner size={32} /> : store.roles.length === 0 ? (
        <NonIdealState icon="key" title="No roles yet" description="Add a role, then choose the rights it grants." />
      ) : (
        <div className="roles-layout">
          <nav aria-label="Roles" className="roles-list">
            <ul>
              {store.roles.map((r) => (
                <li key={r.publicId} className={r.publicId === selected?.publicId ? "roles-item selected" : "roles-item"} data-testid="role-row">
                  <button type="button" className="roles-item-main" aria-current={r.publicId === selected?.publicId ? "true" : undefined}
                    onClick={() => choose(r.publicId)}>
                    <span className="roles-item-name">{r.name}</span>
                    <span className="roles-item-members">{membersText(r.members)}</span>
                  </button>
                  <Popover placement="bottom-end" content={
                    <Menu>
                      <MenuItem icon="edit" text="Rename" onClick={() => store.openRename(r)} data-testid="role-rename" />
                      <MenuItem icon="trash" intent="danger" text="Delete" onClick={() => store.askDelete(r)} data-testid="role-delete" />
                    </Menu>
                  }>
                    <Button variant="minimal" icon="more" aria-label={`Actions for ${r.name}`} data-testid="role-menu" />
                  </Popover>
                </li>
              ))}
            </ul>
          </nav>
          <RightsEditor store={store} />
        </div>
      )}
      {store.dialog && (
        <NameDialogView dialog={store.dialog} what="role" testId="role-form" onSave={() => void store.saveDialog()} onClose={() => store.closeDialog()} />
      )}
      <Alert isOpen={store.confirmingDelete !== null} intent="danger" icon="trash" cancelButtonText="Cancel" confirmButtonText="Delete"
        loading={store.deleting} onCancel={() => store.cancelDelete()} onConfirm={() => void store.confirmDelete()} canEscapeKeyCancel>
        <p>Delete the role “{store.confirmingDelete?.name}”? A role that people or groups still hold cannot be deleted.</p>
      </Alert>
      <Alert isOpen={pending !== null} intent="warning" icon="warning-sign" cancelButtonText="Keep editing" confirmButtonText="Discard"
        canEscapeKeyCancel onCancel={() => setPending(null)} onConfirm={() => {
          if (pending !== null) store.select(pending);
          setPending(null);
        }}>
        <p>Discard the unsaved rights of “{selected?.name}”?</p>
      </Alert>
    </div>
  );
});

export default RolesPage;
