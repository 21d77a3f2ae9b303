import { Alert } from "@blueprintjs/core";

export interface DeleteTypeAlertProps {
  /** What is deleted, e.g. "group type Shift". */
  what: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a type is deleted; the rules (last one, in use) are checked after the confirmation. */
export function DeleteTypeAlert({ what, onConfirm, onClose }: DeleteTypeAlertProps) {
  return (
    <Alert isOpen icon="trash" intent="danger" cancelButtonText="Cancel" confirmButtonText="Delete"
      onConfirm={onConfirm} onClose={onClose} canEscapeKeyCancel canOutsideClickCancel>
      <p>Delete the {what}?</p>
    </Alert>
  );
}
