import { Button, Card, Drawer, Position } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { Reminder } from "@portal/core/domain/Reminder";
import { useStore } from "../app/StoreContext";
import "./reminders.css";
import { MyAccessRequestsStore } from "../stores/MyAccessRequestsStore";
import { isCompanyAccessReminder, ReminderStore } from "../stores/ReminderStore";

/** "ends at 14:30" for a request's minutes-away end; "ends on <date>, <time>" for a temporary access days away. */
const endsWhen = (r: Reminder, timeZone: string) => isCompanyAccessReminder(r)
  ? `on ${new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(r.expiresOn))}`
  : `at ${new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date(r.expiresOn))}`;

const ReminderItem = observer(function ReminderItem({ reminder }: { readonly reminder: Reminder }) {
  const reminders = useStore(ReminderStore);
  const myRequests = useStore(MyAccessRequestsStore);
  // A temporary access to the company is extended by an administrator, not by a request.
  const extendable = !isCompanyAccessReminder(reminder);
  return (
    <li className="reminder-item" data-testid="reminder-item">
      <p className="reminder-message">{reminder.message}</p>
      <p className="reminder-when bp6-text-muted">Access ends {endsWhen(reminder, reminders.timeZone)}.</p>
      <div className="reminder-actions">
        {extendable && <Button size="small" intent="primary" icon="time" text="Extend" loading={myRequests.busy.has(reminder.id)}
          onClick={() => void reminders.extend(reminder.id)} data-testid="reminder-extend" />}
        <Button size="small" variant="minimal" text="Remind me later" onClick={() => reminders.mute(reminder.id)} data-testid="reminder-mute" />
      </div>
    </li>
  );
});

const title = (count: number) => (count === 1 ? "1 access ends soon" : `${count} accesses end soon`);

/**
 * Wide screens (960 px and more): the reminder snackbar, 385 px wide at the bottom, collapsed by
 * default (a title and expand), expandable to each reminder with Extend; closing it mutes all.
 */
export const ReminderSnackbar = observer(function ReminderSnackbar() {
  const reminders = useStore(ReminderStore);
  const visible = reminders.visible;
  if (visible.length === 0) return null;
  return (
    <section className="reminder-snackbar" aria-label="Reminders" data-testid="reminder-snackbar" role="region">
      <Card elevation={3} className="reminder-card">
        <div className="reminder-head">
          <span className="reminder-title" role="status">{title(visible.length)}</span>
          <Button variant="minimal" icon={reminders.expanded ? "chevron-down" : "chevron-up"} aria-expanded={reminders.expanded}
            aria-label={reminders.expanded ? "Collapse reminders" : "Expand reminders"} onClick={() => reminders.setExpanded(!reminders.expanded)}
            data-testid="reminder-expand" />
          <Button variant="minimal" icon="cross" aria-label="Close reminders (mutes them until the next reminder)" onClick={() => reminders.muteAll()}
            data-testid="reminder-close" />
        </div>
        {reminders.expanded && <ul className="reminder-list">{visible.map((r) => <ReminderItem key={r.id} reminder={r} />)}</ul>}
      </Card>
    </section>
  );
});

/** Narrow screens: a bell with a badge in the top bar, opening the reminders in a bottom sheet. */
export const ReminderBell = observer(function ReminderBell() {
  const reminders = useStore(ReminderStore);
  const count = reminders.visible.length;
  return (
    <>
      <span className="reminder-bell">
        <Button variant="minimal" icon="notifications" data-testid="reminder-bell" aria-expanded={reminders.sheetOpen}
          aria-label={count === 0 ? "Reminders: none" : `Reminders: ${title(count)}`} onClick={() => reminders.setSheetOpen(true)} />
        {count > 0 && <span className="reminder-badge" aria-hidden data-testid="reminder-badge">{count}</span>}
      </span>
      <Drawer isOpen={reminders.sheetOpen} onClose={() => reminders.setSheetOpen(false)} position={Position.BOTTOM} size="auto"
        title="Reminders" icon="notifications" className="reminder-sheet">
        <div className="reminder-sheet-body" data-testid="reminder-sheet">
          {count === 0 ? <p className="bp6-text-muted">No access ends soon.</p> : (
            <>
              <ul className="reminder-list">{reminders.visible.map((r) => <ReminderItem key={r.id} reminder={r} />)}</ul>
              <Button text="Mute all" onClick={() => reminders.muteAll()} data-testid="reminder-mute-all" />
            </>
          )}
        </div>
      </Drawer>
    </>
  );
});
