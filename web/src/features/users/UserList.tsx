import { Alert, Button, HTMLSelect } from "@blueprintjs/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { observer } from "mobx-react-lite";
import { useEffect, useRef, useState } from "react";
import type { CompanyUser } from "@portal/core/domain/CompanyUser";
import { useStore, useStores } from "../../app/StoreContext";
import { AudienceDialogStore } from "../../stores/AudienceDialogStore";
import { UsersStore } from "../../stores/UsersStore";
import { Hint } from "../../shell/controls/Hint";

/** Height of one row in pixels: one line of controls on wide screens, two on narrow ones (users.css). */
const ROW_HEIGHT = 72;
const NARROW_ROW_HEIGHT = 148;
const NARROW_QUERY = "(max-width: 700px)";
/** Rows from the end at which the next page is asked for. */
const PREFETCH_ROWS = 50;

/**
 * The members as a virtualised list (@tanstack/react-virtual): only the rows in view (plus a few)
 * are in the DOM, so 10,000 members scroll as smoothly as 10. Nearing the end asks the store for
 * the next page from the server.
 */
export const UserList = observer(function UserList() {
  const store = useStore(UsersStore);
  const scroller = useRef<HTMLDivElement>(null);
  const count = store.users.length;
  const narrow = useNarrow();
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => (narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT), overscan: 8 });
  useEffect(() => virtualizer.measure(), [narrow, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (last >= count - PREFETCH_ROWS) void store.loadMore();
  }, [last, count, store]);
  return (
    <div className="users-list" ref={scroller} role="list" aria-label="Users" aria-busy={store.loadingMore} data-testid="users-list">
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {items.map((row) => {
          const user = store.users[row.index]!;
          return (
            <div key={user.publicId} role="listitem" className="users-row" data-testid="user-row" data-index={row.index}
              style={{ position: "absolute", top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}>
              <UserRow user={user} />
            </div>
          );
        })}
      </div>
    </div>
  );
});

/** Whether the narrow row layout applies (the same media query as users.css). */
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const changed = () => setNarrow(query.matches);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);
  return narrow;
}

const today = (): string => new Date().toISOString().slice(0, 10);
/** The last day of access of an expiresOn instant (which is the start of the day after). */
const lastDay = (iso: string | null): string => (iso === null ? "" : new Date(Date.parse(iso) - 1).toISOString().slice(0, 10));

/** One member: name and e-mail, role, temporary access, access category (administrators), remove. */
const UserRow = observer(function UserRow({ user }: { user: CompanyUser }) {
  const { session } = useStores();
  const store = useStore(UsersStore);
  const audienceDialog = useStore(AudienceDialogStore);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [date, setDate] = useState(lastDay(user.expiresOn));
  useEffect(() => setDate(lastDay(user.expiresOn)), [user.expiresOn]);
  const saving = store.saving === user.publicId;
  const roles = store.roleChoices;
  const error = store.errors.get(user.publicId);
  return (
    <div className="users-row-inner">
      <div className="users-who">
        <div className="users-name">{user.name}</div>
        <div className="users-email bp6-text-muted">{user.email}</div>
      </div>
      <HTMLSelect aria-label={`Role of ${user.name}`} value={user.role?.publicId ?? ""} disabled={saving} data-testid="user-role"
        onChange={(e) => void store.update(user, { role: { publicId: e.currentTarget.value } })}
        options={roles.map((r) => ({ value: r.publicId, label: r.name }))} />
      <div className="users-access">
        {/* Visible for sighted users (what the day is, and whether one is stored); the aria-label names the member for screen readers. */}
        <label className={`users-access-label ${user.expiresOn === null ? "bp6-text-muted" : "users-access-temporary"}`} htmlFor={`user-expires-${user.publicId}`}
          data-testid="user-access-state">
          {user.expiresOn === null ? "Permanent access" : "Temporary access, last day"}
        </label>
        <div className="users-access-controls">
          <input id={`user-expires-${user.publicId}`} type="date" className="bp6-input" aria-label={`Temporary access of ${user.name} until`} value={date} min={today()}
            disabled={saving} onChange={(e) => setDate(e.currentTarget.value)} data-testid="user-expires" />
          <Button size="small" text="Set" disabled={saving || date === "" || date === lastDay(user.expiresOn)} data-testid="user-expires-set"
            onClick={() => void store.update(user, { expiresOn: date })} />
          {user.expiresOn !== null && (
            <Button size="small" text="Permanent" disabled={saving} data-testid="user-expires-clear" aria-label={`Make the access of ${user.name} permanent`}
              onClick={() => void store.update(user, { expiresOn: null })} />
          )}
        </div>
      </div>
      <div className="users-actions">
        {session.rights.includes("manage:roles") && (
          <Hint content="Access category">
            <Button size="small" icon="tag" variant="minimal" aria-label={`Access category of ${user.name}`} disabled={saving}
              onClick={() => void audienceDialog.open({ kind: "user", publicId: user.publicId, name: user.name })} data-testid="user-audience" />
          </Hint>
        )}
        <Button size="small" icon="trash" intent="danger" variant="minimal" aria-label={`Remove ${user.name} from the company`} disabled={saving}
          onClick={() => setConfirmRemove(true)} data-testid="user-remove" />
      </div>
      {error !== undefined && <div className="users-error" role="alert">{error}</div>}
      <Alert isOpen={confirmRemove} intent="danger" icon="trash" cancelButtonText="Cancel" confirmButtonText="Remove" loading={saving} canEscapeKeyCancel
        onCancel={() => setConfirmRemove(false)} onConfirm={() => void store.remove(user).then(() => setConfirmRemove(false))}>
        <p>Remove {user.name} ({user.email}) from the company? They lose access to it at once.</p>
      </Alert>
    </div>
  );
});
