import { Button, HTMLSelect, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { AudienceDialog } from "../access-categories/AudienceDialog";
import { InviteDialog } from "./InviteDialog";
import { PendingInvites } from "./PendingInvites";
import { UserList } from "./UserList";
import "./users.css";
import { InviteDialogStore } from "../../stores/InviteDialogStore";
import { UsersStore } from "../../stores/UsersStore";

/**
 * /users (invite:user): the company's members, searched and sorted by the server and paged by
 * cursor into a virtualised list, the pending invites, and the invite dialog.
 */
export const UsersPage = observer(function UsersPage() {
  const store = useStore(UsersStore);
  const inviteDialog = useStore(InviteDialogStore);
  useEffect(() => {
    store.open();
  }, [store]);
  return (
    <div className="users-page" data-testid="users-page">
      <ScreenHeader title="Users">
        <Button icon="new-person" intent="primary" text="Invite users" onClick={() => inviteDialog.open()} data-testid="users-invite" />
      </ScreenHeader>
      <div className="users-toolbar">
        <InputGroup type="search" leftIcon="search" placeholder="Search name or e-mail" value={store.search} aria-label="Search users"
          onValueChange={(v) => store.setSearch(v)} data-testid="users-search" />
        <HTMLSelect aria-label="Sort by" value={store.sort} onChange={(e) => store.setSort(e.currentTarget.value === "email" ? "email" : "name")}
          options={[{ value: "name", label: "Sort by name" }, { value: "email", label: "Sort by e-mail" }]} data-testid="users-sort" />
      </div>
      <PendingInvites />
      {store.state === "pending" && store.users.length === 0 ? <Spinner size={32} /> : store.users.length === 0 && store.state === "ready" ? (
        <NonIdealState icon="people" title={store.search ? "No user matches" : "No users yet"}
          description={store.search ? "Try another part of the name or the e-mail address." : "Invite the first users of the company."} />
      ) : <UserList />}
      <InviteDialog />
      <AudienceDialog />
    </div>
  );
});

export default UsersPage;
