import { Button, Checkbox } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import type { Message } from "@portal/core/domain/Message";
import { formatDateInput } from "@portal/core/rules/dateInput";
import { useStore, useStores } from "../../app/StoreContext";
import { MyMessagesStore } from "../../stores/MyMessagesStore";

const ICONS = { "access-decision": "confirm", invite: "envelope", "expiring-access": "time", "licence-ended": "warning-sign" } as const satisfies Record<Message["kind"], string>;

export interface MessageRowProps {
  readonly message: Message;
}

/** One message: select box, its sentence (bold while unread), company and time, open and read/unread. */
export const MessageRow = observer(function MessageRow({ message }: MessageRowProps) {
  const { session } = useStores();
  const store = useStore(MyMessagesStore);
  const text = store.text(message);
  const when = formatDateInput(Date.parse(message.createdOn), session.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone) ?? message.createdOn;
  return (
    <li className={message.read ? "messages-item" : "messages-item is-unread"} data-testid="message-item" data-read={message.read}>
      <Checkbox className="messages-item-select" checked={store.selected.has(message.publicId)} onChange={() => store.toggle(message.publicId)}
        aria-label={`Select: ${text}`} />
      <div className="messages-item-body">
        <p className="messages-item-text">
          {!message.read && <Tag minimal intent="primary" className="messages-unread-tag">New</Tag>}
          {text}
        </p>
        <p className="messages-item-meta">
          {message.company !== null && <span>{message.company.name} · </span>}
          <time dateTime={message.createdOn}>{when}</time>
        </p>
      </div>
      <div className="messages-item-actions">
        {message.link !== null && (
          <Button variant="minimal" icon={ICONS[message.kind]} text="Open" onClick={() => void store.open(message)} aria-label={`Open: ${text}`} />
        )}
        <Button variant="minimal" icon={message.read ? "eye-off" : "eye-open"} text={message.read ? "Mark unread" : "Mark read"}
          disabled={store.working} onClick={() => void store.mark([message.publicId], !message.read)} data-testid="message-toggle-read" />
      </div>
    </li>
  );
});
