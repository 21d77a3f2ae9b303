import { Button, FormGroup, HTMLSelect, HTMLTable, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { GroupUser } from "@portal/core/domain/Group";
import type { GroupStore } from "../../stores/GroupStore";

/**
 * The members of the selected group with their role in it (changeable in place), and the member
 * picker: search the company's people by name or e-mail, choose one and a role, add. A failed
 * edit shows the server's first sentence for 3 s (the store) and keeps the choices.
 */
export const GroupMembersSection = observer(function GroupMembersSection({ store }: { store: GroupStore }) {
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<ReadonlyArray<GroupUser>>([]);
  const [user, setUser] = useState("");
  const [role, setRole] = useState("");
  const [busy, setBusy] = useState(false);
  const groupId = store.selectedId;
  useEffect(() => {
    let live = true;
    // A short pause so that typing a name does not send a call per key.
    const timer = window.setTimeout(() => {
      void store.candidates(search).then((list) => {
        if (!live) return;
        setFound(list);
        setUser((u) => (list.some((x) => x.publicId === u) ? u : list[0]?.publicId ?? ""));
      });
    }, 250);
    return () => { live = false; window.clearTimeout(timer); };
  }, [store, search, groupId]);
  const roleChoice = role !== "" ? role : store.roles[0]?.publicId ?? "";
  const add = async () => {
    setBusy(true);
    const ok = await store.addMember(user, roleChoice);
    setBusy(false);
    if (ok) setSearch("");
  };
  return (
    <section className="group-section" aria-labelledby="group-members-heading">
      <h4 id="group-members-heading" className="bp6-heading">Members</h4>
      {store.members.length === 0 ? <p className="bp6-text-muted">No members yet.</p> : (
        <HTMLTable compact striped className="group-table" data-testid="group-members">
          <thead><tr><th>Name</th><th>Role in this group</th><th style={{ width: 90 }}><span className="bp6-text-muted">Remove</span></th></tr></thead>
          <tbody>
            {store.members.map((m) => (
              <tr key={m.publicId}>
                <td>{m.user.name}<div className="bp6-text-muted bp6-text-small">{m.user.email}</div></td>
                <td>
                  <HTMLSelect aria-label={`Role of ${m.user.name}`} value={m.role.publicId} disabled={!store.canManage} fill
                    onChange={(e) => void store.changeRole(m.publicId, e.currentTarget.value)}>
                    {store.roles.map((r) => <option key={r.publicId} value={r.publicId}>{r.name}</option>)}
                  </HTMLSelect>
                </td>
                <td><Button size="small" variant="minimal" icon="cross" aria-label={`Remove ${m.user.name}`} disabled={!store.canManage}
                  onClick={() => void store.removeMember(m.publicId)} /></td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {store.canManage && (
        <div className="group-add-row">
          <FormGroup label="Find a person" labelFor="member-search">
            <InputGroup id="member-search" leftIcon="search" placeholder="Name or e-mail" value={search} onValueChange={setSearch} />
          </FormGroup>
          <FormGroup label="Person" labelFor="member-user">
            <HTMLSelect id="member-user" value={user} onChange={(e) => setUser(e.currentTarget.value)}>
              {found.length === 0 && <option value="">Nobody found</option>}
              {found.map((u) => <option key={u.publicId} value={u.publicId}>{u.name} ({u.email})</option>)}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Role" labelFor="member-role">
            <HTMLSelect id="member-role" value={roleChoice} onChange={(e) => setRole(e.currentTarget.value)}>
              {store.roles.map((r) => <option key={r.publicId} value={r.publicId}>{r.name}</option>)}
            </HTMLSelect>
          </FormGroup>
          <FormGroup>
            <Button icon="plus" text="Add member" loading={busy} disabled={user === "" || roleChoice === ""} onClick={() => void add()} />
          </FormGroup>
        </div>
      )}
    </section>
  );
});
