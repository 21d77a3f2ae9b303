import { Alert, Button, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { NameDialogView } from "../roles/NameDialogView";
import "../roles/roles.css";
import { AccessCategoriesStore } from "../../stores/AccessCategoriesStore";

/**
 * /access-categories (manage:roles; audiences in data calls): the categories with the default,
 * add, rename, make default or unset it, delete. People with a category see only the devices of
 * that category and those without one (server/README.md says what a category decides).
 */
export const AccessCategoriesPage = observer(function AccessCategoriesPage() {
  const store = useStore(AccessCategoriesStore);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div className="access-categories-page" data-testid="access-categories-page">
      <ScreenHeader title="Access categories">
        <Button icon="plus" intent="primary" text="Add access category" onClick={() => store.openAdd()} data-testid="category-add" />
      </ScreenHeader>
      <p className="bp6-text-muted">
        People with an access category see only the devices of their category and the devices without one. New people get the default category.
      </p>
      {store.state === "pending" && store.categories.length === 0 ? <Spinner size={32} /> : store.categories.length === 0 ? (
        <NonIdealState icon="tag" title="No access categories yet" description="Without categories, everyone sees every device." />
      ) : (
        <div className="categories-scroll">
          <HTMLTable compact striped className="categories-table" data-testid="categories-table">
            <thead><tr><th scope="col">Name</th><th scope="col">Default</th><th scope="col"><span className="bp6-text-muted">Actions</span></th></tr></thead>
            <tbody>
              {store.categories.map((c) => (
                <tr key={c.publicId} data-testid="category-row">
                  <td>{c.name}</td>
                  <td>{c.default && <Tag intent="primary" minimal data-testid="category-default">Default</Tag>}</td>
                  <td>
                    <div className="categories-actions">
                      <Button size="small" variant="minimal" text={c.default ? "Unset default" : "Make default"}
                        loading={store.changingDefault === c.publicId} aria-label={`${c.default ? "Unset default" : "Make default"}: ${c.name}`}
                        onClick={() => void store.toggleDefault(c)} data-testid="category-default-toggle" />
                      <Button size="small" variant="minimal" icon="edit" text="Rename" aria-label={`Rename ${c.name}`}
                        onClick={() => store.openRename(c)} data-testid="category-rename" />
                      <Button size="small" variant="minimal" icon="trash" intent="danger" text="Delete" aria-label={`Delete ${c.name}`}
                        onClick={() => store.askDelete(c)} data-testid="category-delete" />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {store.dialog && (
        <NameDialogView dialog={store.dialog} what="access category" testId="category-form" onSave={() => void store.saveDialog()}
          onClose={() => store.closeDialog()} />
      )}
      <Alert isOpen={store.confirmingDelete !== null} intent="danger" icon="trash" cancelButtonText="Cancel" confirmButtonText="Delete"
        loading={store.deleting} onCancel={() => store.cancelDelete()} onConfirm={() => void store.confirmDelete()} canEscapeKeyCancel>
        <p>Delete the access category “{store.confirmingDelete?.name}”?</p>
      </Alert>
    </div>
  );
});

export default AccessCategoriesPage;
