import { FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { NAME_MAX_LENGTH } from "@portal/core/constants";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { NameDialog } from "../../stores/NameDialog";

export interface NameDialogViewProps {
  readonly dialog: NameDialog;
  /** "role" or "access category": the dialog's title says "Add role", "Rename access category". */
  readonly what: string;
  /** data-testid of the form. */
  readonly testId: string;
  readonly onSave: () => void;
  readonly onClose: () => void;
}

/** Add or rename a role or an access category: one name field in the FormDialog frame. */
export const NameDialogView = observer(function NameDialogView({ dialog, what, testId, onSave, onClose }: NameDialogViewProps) {
  const { messages } = useStores();
  const id = useId();
  const title = `${dialog.publicId === null ? "Add" : "Rename"} ${what}`;
  const issue = dialog.fieldIssue === null ? null : messages.text(dialog.fieldIssue);
  return (
    <FormDialog title={title} testId={testId} dirty={dialog.dirty} saving={dialog.saving} canSave={dialog.canSave}
      failure={dialog.failure} saveTestId={`${testId}-save`} onSave={onSave} onClose={onClose} width={440}>
      <FormGroup label="Name" labelFor={id} labelInfo="(required)" intent={issue ? "danger" : "none"} helperText={issue}>
        <InputGroup id={id} value={dialog.name} maxLength={NAME_MAX_LENGTH} autoFocus intent={issue ? "danger" : "none"}
          onValueChange={(v) => dialog.setName(v)} data-testid={`${testId}-name`} />
      </FormGroup>
    </FormDialog>
  );
});
