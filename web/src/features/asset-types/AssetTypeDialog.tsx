import { FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import type { Message } from "@portal/core/messages/messages";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { AssetTypeStore } from "../../stores/AssetTypeStore";
import { AssetTypeForm } from "./AssetTypeForm";

export interface AssetTypeDialogProps {
  store: AssetTypeStore;
  /** The type to rename; absent to add one. */
  editingId?: string;
  onClose: () => void;
}

/** Add or rename an asset type: one name field (spec section 2). A failed save keeps the dialog. */
export const AssetTypeDialog = observer(function AssetTypeDialog({ store, editingId, onClose }: AssetTypeDialogProps) {
  const { messages } = useStores();
  const [failure, setFailure] = useState<Message | null>(null);
  const [form] = useState(() => new AssetTypeForm(editingId === undefined ? undefined : store.byId(editingId)));
  const save = async () => {
    form.setSubmitting(true);
    setFailure(null);
    const outcome = editingId === undefined ? await store.add({ name: form.name }) : await store.rename(editingId, { name: form.name });
    form.setSubmitting(false);
    if (outcome.ok) onClose();
    else {
      form.setServerIssues(outcome.issues);
      setFailure(outcome.message ?? null);
    }
  };
  const nameError = form.nameError === null ? null : messages.text(form.nameError, { name: form.name.trim() });
  return (
    <FormDialog title={form.editing ? "Rename asset type" : "Add asset type"} icon="cube" testId="asset-type-dialog"
      saveTestId="asset-type-save" dirty={form.dirty} saving={form.submitting} canSave={form.canSubmit} failure={failure}
      onSave={() => void save()} onClose={onClose}>
      <FormGroup label="Name" labelFor="asset-type-name" intent={nameError ? "danger" : "none"} helperText={nameError ?? undefined}>
        <InputGroup id="asset-type-name" value={form.name} autoFocus intent={nameError ? "danger" : "none"}
          onValueChange={(v) => form.setName(v)} onBlur={() => form.touch()} />
      </FormGroup>
    </FormDialog>
  );
});
