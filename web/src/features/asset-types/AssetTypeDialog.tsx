import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState, type FormEvent } from "react";
import type { AssetTypeStore } from "../../stores/AssetTypeStore";
import { AssetTypeForm } from "./AssetTypeForm";

export interface AssetTypeDialogProps {
  store: AssetTypeStore;
  /** The type to rename; absent to add one. */
  editingId?: string;
  onClose: () => void;
}

/** Add or rename an asset type: one name field (spec section 2). */
export const AssetTypeDialog = observer(function AssetTypeDialog({ store, editingId, onClose }: AssetTypeDialogProps) {
  const [form] = useState(() => new AssetTypeForm(editingId === undefined ? undefined : store.byId(editingId)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.canSubmit) return;
    form.setSubmitting(true);
    const outcome = editingId === undefined ? await store.add({ name: form.name }) : await store.rename(editingId, { name: form.name });
    form.setSubmitting(false);
    if (outcome.ok) onClose();
    else form.setServerIssues(outcome.issues);
  };
  return (
    <Dialog isOpen onClose={onClose} title={form.editing ? "Rename asset type" : "Add asset type"} icon="cube">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="asset-type-dialog">
        <DialogBody>
          <FormGroup label="Name" labelFor="asset-type-name" intent={form.nameError ? "danger" : "none"} helperText={form.nameError ?? undefined}>
            <InputGroup id="asset-type-name" value={form.name} autoFocus intent={form.nameError ? "danger" : "none"}
              onValueChange={(v) => form.setName(v)} onBlur={() => form.touch()} />
          </FormGroup>
        </DialogBody>
        <DialogFooter actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent="primary" text="Save" disabled={!form.canSubmit} loading={form.submitting} data-testid="asset-type-save" />
          </>
        } />
      </form>
    </Dialog>
  );
});
