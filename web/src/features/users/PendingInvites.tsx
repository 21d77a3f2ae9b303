import { Button, Section, SectionCard } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStore } from "../../app/StoreContext";
import { UsersStore } from "../../stores/UsersStore";

/** The pending invites of the company, with Resend (a new link) and Withdraw. */
export const PendingInvites = observer(function PendingInvites() {
  const store = useStore(UsersStore);
  if (store.invites.length === 0) return null;
  return (
    <Section className="users-invites" title={`Pending invites (${store.invites.length})`} collapsible compact data-testid="pending-invites">
      <SectionCard padded={false}>
        <ul className="users-invite-list">
          {store.invites.map((invite) => (
            <li key={invite.publicId} data-testid="pending-invite">
              <span className="users-invite-email">{invite.email}</span>
              <span className="bp6-text-muted">{invite.role?.name ?? ""} · link valid until {new Date(invite.expiresOn).toLocaleDateString()}</span>
              <span className="users-invite-actions">
                <Button size="small" text="Resend" aria-label={`Resend the invite to ${invite.email}`} onClick={() => void store.resend(invite)} />
                <Button size="small" intent="danger" variant="minimal" text="Withdraw" aria-label={`Withdraw the invite to ${invite.email}`} onClick={() => void store.withdraw(invite)} />
              </span>
            </li>
          ))}
        </ul>
      </SectionCard>
    </Section>
  );
});
