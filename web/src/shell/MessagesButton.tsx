import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore, useStores } from "../app/StoreContext";
import { MyMessagesStore } from "../stores/MyMessagesStore";
import { Hint } from "./controls/Hint";

/**
 * The top bar's way to my messages (issue 11) with the unread badge. The count is read when the
 * shell opens and then follows the event stream's "messages-changed" events (MyMessagesStore).
 */
export const MessagesButton = observer(function MessagesButton() {
  const { session } = useStores();
  const myMessages = useStore(MyMessagesStore);
  const signedIn = session.isSignedIn;
  useEffect(() => {
    if (signedIn) void myMessages.refreshUnread();
  }, [myMessages, signedIn]);
  const count = myMessages.unread ?? 0;
  const label = count === 0 ? "Messages: none unread" : `Messages: ${count} unread`;
  return (
    <span className="reminder-bell">
      <Hint content={label}>
        <Button variant="minimal" icon="inbox" data-testid="messages-button" aria-label={label} onClick={() => session.navigate("/messages")} />
      </Hint>
      {count > 0 && <span className="reminder-badge messages-badge" aria-hidden data-testid="messages-badge">{count > 99 ? "99+" : count}</span>}
    </span>
  );
});
