import { Button, Card, H2 } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore } from "../../app/StoreContext";
import { InviteAcceptStore } from "../../stores/InviteAcceptStore";

/** Invites addressed to me: accept (with the company's terms, linked) or decline. */
export const MyInvites = observer(function MyInvites() {
  const store = useStore(InviteAcceptStore);
  useEffect(() => {
    void store.loadMyInvites();
  }, [store]);
  if (store.myInvites.length === 0) return null;
  return (
    <section className="my-invites" data-testid="my-invites" style={{ marginTop: 16 }}>
      <H2 className="bp6-heading" style={{ fontSize: 16 }}>Invitations</H2>
      {store.myInvites.map((invite) => (
        <Card key={invite.publicId} compact data-testid="my-invite" style={{ marginBottom: 8 }}>
          <p><strong>{invite.company.name}</strong>{invite.role?.name ? ` as ${invite.role.name}` : ""}</p>
          {invite.termsOfUse && (
            <p>Accepting also accepts the company's <a href={`/terms-of-use?policy=${encodeURIComponent(invite.termsOfUse.publicId)}`} target="_blank" rel="noreferrer">terms of use</a>.</p>
          )}
          <Button intent="primary" size="small" text="Accept" aria-label={`Accept the invitation to ${invite.company.name}`} onClick={() => void store.acceptMine(invite)} />{" "}
          <Button variant="minimal" size="small" text="Decline" aria-label={`Decline the invitation to ${invite.company.name}`} onClick={() => void store.declineMine(invite)} />
        </Card>
      ))}
    </section>
  );
});
