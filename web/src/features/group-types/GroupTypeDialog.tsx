import { FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { HEX_COLOR_PATTERN } from "@portal/core/domain/GroupType";
import { NAME_MAX_LENGTH } from "@portal/core/constants";
import type { Message } from "@portal/core/messages/messages";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
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
 * bound to a translation key shows the translation and cannot be changed. A failed save keeps
 * the dialog and its values (FormDialog).
 */
export const GroupTypeDialog = observer(function GroupTypeDialog({ store, editingId, onClose }: GroupTypeDialogProps) {
  const { messages } = useStores();
  const [failure, setFailure] = useState<Message | null>(null);
  const [form] = useState(() => {
    const editing = editingId === undefined ? undefined : store.byId(editingId);
    return new GroupTypeForm({
      // The colour shown in the panel (a spread one for a type without colour) is what is saved.
      ...(editing ? { editing: { ...editing, color: store.colorOf(editing.publicId) } } : {}),
      others: store.items,
      colorShown: store.controls.color,
      boundText: editing && store.isBound(editing) ? store.displayName(editing) : null,
    });
  });
  const save = async () => {
    form.setSubmitting(true);
    setFailure(null);
    const input = { name: form.name, ...(form.colorShown ? { color: form.color } : {}) };
    const outcome = editingId === undefined ? await store.add(input) : await store.update(editingId, input);
    form.setSubmitting(false);
    if (outcome.ok) onClose();
    else {
      form.setServerIssues(outcome.issues);
      setFailure(outcome.message ?? null);
    }
  };
  const nameError = form.nameError === null ? null : messages.text(form.nameError, { name: form.name.trim() });
  const colorError = form.colorError === null ? null : messages.text(form.colorError);
  const pickerValue = HEX_COLOR_PATTERN.test(form.color) ? form.color.toLowerCase() : "#000000";
  return (
    <FormDialog title={form.isEdit ? "Edit group type" : "Add group type"} icon="group-objects" testId="group-type-dialog"
      saveTestId="group-type-save" dirty={!form.pristine} saving={form.submitting}
      canSave={form.canSubmit || (failure !== null && form.valid)} failure={failure}
      onSave={() => void save()} onClose={onClose}>
      <FormGroup label="Name" labelFor="group-type-name" intent={nameError ? "danger" : "none"}
        helperText={nameError ?? (form.nameBound ? `Bound to the translation key ${form.name}` : undefined)}>
        <InputGroup id="group-type-name" value={form.nameShown} disabled={form.nameBound} autoFocus={!form.nameBound}
          maxLength={NAME_MAX_LENGTH + 50} intent={nameError ? "danger" : "none"}
          onValueChange={(v) => form.setName(v)} onBlur={() => form.touch("name")} />
      </FormGroup>
      {form.colorShown && (
        <FormGroup label="Colour" labelFor="group-type-color" intent={colorError ? "danger" : "none"}
          helperText={colorError ?? undefined}>
          <div className="color-field">
            <input type="color" aria-label="Pick a colour" value={pickerValue} onChange={(e) => form.setColor(e.target.value)} />
            <InputGroup id="group-type-color" placeholder="#rrggbb" value={form.color} fill
              intent={colorError ? "danger" : "none"}
              onValueChange={(v) => form.setColor(v)} onBlur={() => form.touch("color")} />
          </div>
        </FormGroup>
      )}
    </FormDialog>
  );
});
