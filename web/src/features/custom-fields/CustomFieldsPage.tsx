import { Alert, Button, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, useState, type DragEvent } from "react";
import type { CustomProperty } from "@portal/core/domain/CustomProperty";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { CustomFieldDialog } from "./CustomFieldDialog";
import { TARGET_LABEL, TYPE_LABEL } from "./customFieldLabels";
import "./customFields.css";
import { CustomFieldsStore } from "../../stores/CustomFieldsStore";

/**
 * /custom-fields (DEVICE_SETTINGS; manage:custom-fields): the fields a company adds to its devices
 * and assets, with the platform's global ones (read-only) first when they come first. Add and edit
 * in a dialog, delete after a confirmation, reorder by dragging a row or with Move up / Move down
 * (keyboard users reach those buttons with Tab).
 */
export const CustomFieldsPage = observer(function CustomFieldsPage() {
  const store = useStore(CustomFieldsStore);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div className="custom-fields-page" data-testid="custom-fields-page">
      <ScreenHeader title="Custom fields">
        <Button icon="plus" intent="primary" text="Add custom field" onClick={() => store.openAdd()} data-testid="custom-field-add" />
      </ScreenHeader>
      <p className="bp6-text-muted">
        Custom fields appear on every device or asset page, in this order. Values are checked against the field's type, and lists can be filtered on them.
      </p>
      {store.state !== "ready" && store.fields.length === 0 ? (store.state === "failed"
        ? <NonIdealState icon="error" title="The custom fields could not be loaded" action={<Button icon="refresh" text="Try again" onClick={() => void store.load()} />} />
        : <Spinner size={32} />)
        : store.fields.length === 0
          ? <NonIdealState icon="properties" title="No custom fields yet" description="Add a field such as a serial number or an installation date to your devices or assets." />
          : <FieldsTable store={store} />}
      {store.dialog && <CustomFieldDialog form={store.dialog} onSave={() => void store.saveDialog()} onClose={() => store.closeDialog()} />}
      <Alert isOpen={store.confirmingDelete !== null} intent="danger" icon="trash" cancelButtonText="Cancel" confirmButtonText="Delete"
        loading={store.deleting} onCancel={() => store.cancelDelete()} onConfirm={() => void store.confirmDelete()} canEscapeKeyCancel>
        <p>Delete the custom field “{store.confirmingDelete?.name}”? The values stored in it on every {store.confirmingDelete?.target === "asset" ? "asset" : "device"} are deleted too.</p>
      </Alert>
    </div>
  );
});

export default CustomFieldsPage;

const FieldsTable = observer(function FieldsTable({ store }: { readonly store: CustomFieldsStore }) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const own = store.own;
  const ownIndex = (f: CustomProperty) => own.findIndex((o) => o.publicId === f.publicId);
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom !== null && to >= 0) void store.move(dragFrom, to);
    setDragFrom(null);
  };
  return (
    <div className="custom-fields-scroll">
      <HTMLTable compact striped className="custom-fields-table" data-testid="custom-fields-table">
        <thead>
          <tr><th scope="col">Name</th><th scope="col">Applies to</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col"><span className="bp6-text-muted">Actions</span></th></tr>
        </thead>
        <tbody>
          {store.fields.map((f) => {
            const index = ownIndex(f);
            return (
              <tr key={f.publicId} data-testid="custom-field-row" draggable={!f.global && !store.moving}
                className={dragFrom === index && index >= 0 ? "is-dragging" : undefined}
                onDragStart={(e) => { setDragFrom(index); e.dataTransfer.effectAllowed = "move"; }}
                onDragOver={(e) => { if (dragFrom !== null && !f.global) e.preventDefault(); }}
                onDrop={(e) => onDrop(e, index)} onDragEnd={() => setDragFrom(null)}>
                <td>
                  <span className="custom-field-name">{f.name}</span>
                  {f.global && <Tag minimal className="custom-field-global" data-testid="custom-field-global">Global</Tag>}
                  {f.type === "choice" && <div className="custom-field-options bp6-text-muted">{f.options.join(", ")}</div>}
                </td>
                <td>{TARGET_LABEL[f.target]}</td>
                <td>{TYPE_LABEL[f.type]}</td>
                <td>{f.required ? "Yes" : "No"}</td>
                <td>
                  {!f.global && (
                    <div className="custom-field-actions">
                      <Button size="small" variant="minimal" icon="arrow-up" aria-label={`Move ${f.name} up`} disabled={index === 0 || store.moving}
                        onClick={() => void store.move(index, index - 1)} data-testid="custom-field-up" />
                      <Button size="small" variant="minimal" icon="arrow-down" aria-label={`Move ${f.name} down`} disabled={index === own.length - 1 || store.moving}
                        onClick={() => void store.move(index, index + 1)} data-testid="custom-field-down" />
                      <Button size="small" variant="minimal" icon="edit" text="Edit" aria-label={`Edit ${f.name}`} onClick={() => store.openEdit(f)} data-testid="custom-field-edit" />
                      <Button size="small" variant="minimal" icon="trash" intent="danger" text="Delete" aria-label={`Delete ${f.name}`}
                        onClick={() => store.askDelete(f)} data-testid="custom-field-delete" />
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
});
