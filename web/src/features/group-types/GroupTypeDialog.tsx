import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState, type FormEvent } from "react";
import { HEX_COLOR_PATTERN } from "@portal/core/domain/GroupType";
import { NAME_MAX_LENGTH } from "@portal/core/constants";
import type { GroupTypeStore } from "../../stores/GroupTypeStore";
import { GroupTypeForm } from "./GroupTypeForm";

export interface GroupTypeDialogProps {
  store: GroupTypeStore;
  /** The type to edit; absent to add one. */
  editingId?: string;
  onClose: () => void;
}

/**
 * Add or edit a group type: name and, with manage:subgroups, a colour (spec section 2). A name
 * bound to a translation key shows the translation and cannot be changed.
 */
export const GroupTypeDialog = observer(function GroupTypeDialog({ store, editingId, onClose }: GroupTypeDialogProps) {
  const [form] = useState(() => {
    const editing = editingId === undefined ? undefined : store.byId(editingId);
    return new GroupTypeForm({
      ...(editing ? { editing } : {}),
      others: store.items,
      colorShown: store.controls.color,
      boundText: editing && store.isBound(editing) ? store.displayName(editing) : null,
    });
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.canSubmit) return;
    form.setSubmitting(true);
    const input = { name: form.name, ...(form.colorShown ? { color: form.color } : {}) };
    const outcome = editingId === undefined ? await store.add(input) : await store.update(editingId, input);
    form.setSubmitting(false);
    if (outcome.ok) onClose();
    else form.setServerIssues(outcome.issues);
  };
  const pickerValue = HEX_COLOR_PATTERN.test(form.color) ? form.color.toLowerCase() : "#000000";
  return (
    <Dialog isOpen onClose={onClose} title={form.isEdit ? "Edit group type" : "Add group type"} icon="group-objects">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="group-type-dialog">
        <DialogBody>
          <FormGroup label="Name" labelFor="group-type-name" intent={form.nameError ? "danger" : "none"}
            helperText={form.nameError ?? (form.nameBound ? `Bound to the translation key ${form.name}` : undefined)}>
            <InputGroup id="group-type-name" value={form.nameShown} disabled={form.nameBound} autoFocus={!form.nameBound}
              maxLength={NAME_MAX_LENGTH + 50} intent={form.nameError ? "danger" : "none"}
              onValueChange={(v) => form.setName(v)} onBlur={() => form.touch("name")} />
          </FormGroup>
          {form.colorShown && (
            <FormGroup label="Colour" labelFor="group-type-color" intent={form.colorError ? "danger" : "none"}
              helperText={form.colorError ?? undefined}>
              <div className="color-field">
                <input type="color" aria-label="Pick a colour" value={pickerValue} onChange={(e) => form.setColor(e.target.value)} />
                <InputGroup id="group-type-color" placeholder="#rrggbb" value={form.color} fill
                  intent={form.colorError ? "danger" : "none"}
                  onValueChange={(v) => form.setColor(v)} onBlur={() => form.touch("color")} />
              </div>
            </FormGroup>
          )}
        </DialogBody>
        <DialogFooter actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent="primary" text="Save" disabled={!form.canSubmit} loading={form.submitting}
              data-testid="group-type-save" />
          </>
        } />
      </form>
    </Dialog>
  );
});
