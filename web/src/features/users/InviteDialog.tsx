import { Callout, Checkbox, FormGroup, HTMLSelect, TextArea } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStore } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import { InviteDialogStore } from "../../stores/InviteDialogStore";

/** Invite one or many: addresses (comma, space or one per line), a role, optional groups; one call. */
export const InviteDialog = observer(function InviteDialog() {
  const store = useStore(InviteDialogStore);
  if (!store.isOpen) return null;
  const { emails, invalid } = store.parsed;
  return (
    <FormDialog title="Invite users" icon="new-person" testId="invite-form" dirty={store.isDirty} saving={store.sending} canSave={store.canSend}
      saveText={emails.length > 1 ? `Send ${emails.length} invites` : "Send invite"} saveTestId="invite-send" onSave={() => void store.send()} onClose={() => store.close()}>
      <FormGroup label="E-mail addresses" labelFor="invite-emails" helperText="Separate addresses with commas, spaces or new lines."
        intent={invalid.length > 0 ? "danger" : "none"}>
        <TextArea id="invite-emails" fill autoResize value={store.text} onChange={(e) => store.setText(e.currentTarget.value)} data-testid="invite-emails"
          intent={invalid.length > 0 ? "danger" : "none"} />
      </FormGroup>
      {invalid.length > 0 && <Callout intent="danger" compact>Not an e-mail address: {invalid.join(", ")}</Callout>}
      <FormGroup label="Role" labelFor="invite-role">
        <HTMLSelect id="invite-role" fill value={store.rolePublicId} onChange={(e) => store.setRole(e.currentTarget.value)} data-testid="invite-role"
          options={store.roles.map((r) => ({ value: r.publicId, label: r.name }))} />
      </FormGroup>
      {store.groups.length > 0 && (
        <FormGroup label="Groups (optional)">
          {store.groups.map((g) => (
            <Checkbox key={g.publicId} label={g.name} checked={store.groupIds.includes(g.publicId)} onChange={() => store.toggleGroup(g.publicId)} />
          ))}
        </FormGroup>
      )}
      {store.problems.length > 0 && (
        <Callout intent="danger" title="Nothing was sent" data-testid="invite-problems">
          <ul>{store.problems.map((p) => <li key={p}>{p}</li>)}</ul>
        </Callout>
      )}
    </FormDialog>
  );
});
