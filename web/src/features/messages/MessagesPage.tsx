/**
 * /messages (issue 11, spec 2 top-level route): my notices (access decisions, invites, access
 * about to end), newest first, all or only unread. Each reads as a sentence of the catalogue in
 * my language; the selection (or one message) is marked read or unread in one call; opening a
 * message marks it read and goes where it leads. The list and the shell's badge follow the event
 * stream, so a notice that arrives, or a change made in another tab, shows without a reload.
 */
import { Button, ButtonGroup, Callout, Checkbox, Intent, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useStore, useStores } from "../../app/StoreContext";
import { useScreenTitle } from "../../shell/ScreenHeader";
import { MessageRow } from "./MessageRow";
import "./messages.css";
import { MyMessagesStore } from "../../stores/MyMessagesStore";

export default observer(function MessagesPage() {
  const { session, events, messages } = useStores();
  const store = useStore(MyMessagesStore);
  useScreenTitle("Messages");
  useEffect(() => {
    if (!session.isSignedIn) return;
    void store.load();
    void store.refreshUnread();
    // Outside the shell too, notices arrive live.
    events.start();
    return () => events.stop();
  }, [session.isSignedIn, store, events]);

  if (!session.isSignedIn) {
    session.rememberReturn("/messages");
    return <Navigate to="/login" replace />;
  }
  const selected = store.selected.size;
  return (
    <main className="messages-page" data-testid="messages-page">
      <div className="messages-head">
        <Button variant="minimal" icon="arrow-left" text="Back to the portal" onClick={() => session.navigate("/")} />
        <h1 className="bp6-heading">Messages</h1>
        <p className="messages-count" data-testid="messages-unread-count" aria-live="polite">
          {store.unread === null ? "" : store.unread === 0 ? "All read." : `${store.unread} unread`}
        </p>
      </div>
      <div className="messages-toolbar" role="toolbar" aria-label="Messages">
        <ButtonGroup aria-label="Show">
          <Button text="All" intent={store.filter === "all" ? Intent.PRIMARY : Intent.NONE} aria-pressed={store.filter === "all"} onClick={() => store.setFilter("all")} data-testid="messages-filter-all" />
          <Button text="Unread" intent={store.filter === "unread" ? Intent.PRIMARY : Intent.NONE} aria-pressed={store.filter === "unread"} onClick={() => store.setFilter("unread")} data-testid="messages-filter-unread" />
        </ButtonGroup>
        <Checkbox className="messages-select-all" label={selected > 0 ? `${selected} selected` : "Select all"} checked={store.allSelected}
          indeterminate={selected > 0 && !store.allSelected} disabled={store.items.length === 0} onChange={() => store.toggleAll()} />
        <Button icon="eye-open" text="Mark read" disabled={selected === 0 || store.working} onClick={() => void store.markSelected(true)} data-testid="messages-mark-read" />
        <Button icon="eye-off" text="Mark unread" disabled={selected === 0 || store.working} onClick={() => void store.markSelected(false)} data-testid="messages-mark-unread" />
      </div>
      {store.loadError !== null && <Callout intent={Intent.DANGER} role="alert">{store.loadError}</Callout>}
      {store.state === "loading" && <Spinner aria-label="Loading messages" />}
      {store.state === "ready" && store.items.length === 0 && (
        <NonIdealState icon="inbox" title="No messages" description={messages.text(store.filter === "unread" ? "MESSAGES_NONE_MATCH" : "MESSAGES_NONE")} />
      )}
      {store.items.length > 0 && (
        <ul className="messages-list" aria-label="My messages">
          {store.items.map((m) => <MessageRow key={m.publicId} message={m} />)}
        </ul>
      )}
      {store.moreAfter !== null && <Button text="Show more" onClick={() => void store.loadMore()} data-testid="messages-more" />}
    </main>
  );
});
