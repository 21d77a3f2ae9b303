import { FormGroup, TextArea } from "@blueprintjs/core";
import { useId, useState } from "react";
import { FormDialog } from "../../shell/dialogs/FormDialog";

export type Decision = "approve" | "reject" | "revoke";

const TITLE: Readonly<Record<Decision, string>> = { approve: "Approve access request", reject: "Reject access request", revoke: "Revoke access" };
const SAVE: Readonly<Record<Decision, string>> = { approve: "Approve", reject: "Reject", revoke: "Revoke" };

export interface DecisionDialogProps {
  readonly decision: Decision;
  /** Who asked for which device, shown above the comment. */
  readonly summary: string;
  /** Runs the decision; true when it was made (the dialog then closes). */
  readonly onDecide: (comment: string) => Promise<boolean>;
  readonly onClose: () => void;
}

/**
 * An approver's decision with an optional comment for the requester (a FormDialog: a typed comment
 * is not lost by Escape without asking). A refused decision (someone else decided first) closes
 * it too: the store has said why in a snackbar and loaded the lists again.
 */
export function DecisionDialog({ decision, summary, onDecide, onClose }: DecisionDialogProps) {
  const [comment, setComment] = useState("");
  const [saving, setSaving] = useState(false);
  const id = useId();
  const save = async () => {
    setSaving(true);
    await onDecide(comment);
    setSaving(false);
    onClose();
  };
  return (
    <FormDialog title={TITLE[decision]} testId="decision-form" dirty={comment.trim() !== ""} saving={saving} canSave
      saveText={SAVE[decision]} saveTestId="decision-confirm" onSave={() => void save()} onClose={onClose} width={480}>
      <p>{summary}</p>
      <FormGroup label="Comment (optional)" labelFor={id} helperText="The requester sees this comment with your decision.">
        <TextArea id={id} fill value={comment} onChange={(e) => setComment(e.currentTarget.value)} data-testid="decision-comment" autoFocus />
      </FormGroup>
    </FormDialog>
  );
}
