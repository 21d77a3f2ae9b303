/**
 * My messages (issue 11, /messages): the notices the portal wrote for me, newest first, all or
 * only unread, a page at a time; marking one or several (the selection) read or unread in one
 * call; opening one marks it read and follows its link. The unread count is the shell's badge:
 * read at sign-in and set again by every "messages-changed" event of the event stream, which
 * also reloads an open list (another tab marked some, or a notice arrived).
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Message } from "@portal/core/domain/Message";
import type { RootStore } from "./RootStore";

export type MessagesFilter = "all" | "unread";
export type MessagesState = "idle" | "loading" | "ready" | "failed";

export const MESSAGES_PAGE_SIZE = 50;

export class MyMessagesStore {
  items: ReadonlyArray<Message> = [];
  state: MessagesState = "idle";
  filter: MessagesFilter = "all";
  moreAfter: string | null = null;
  loadError: string | null = null;
  /** The badge: how many of my messages are unread; null until known. */
  unread: number | null = null;
  selected: ReadonlySet<string> = new Set();
  working = false;
  private generation = 0;

  constructor(private readonly root: RootStore) {
    makeObservable<MyMessagesStore, "generation">(this, {
      items: observableRef, state: observable, filter: observable, moreAfter: observable, loadError: observable,
      unread: observable, selected: observableRef, working: observable, generation: false,
      selectedMessages: computed, allSelected: computed, toggle: action, toggleAll: action, setFilter: action, clear: action,
    });
    root.events.on("messages-changed", (unread) => this.changed(unread));
    root.session.onSessionEnd(() => this.clear());
  }

  get selectedMessages(): ReadonlyArray<Message> {
    return this.items.filter((m) => this.selected.has(m.publicId));
  }

  get allSelected(): boolean {
    return this.items.length > 0 && this.items.every((m) => this.selected.has(m.publicId));
  }

  /** The sentence of a message in my language (its catalogue key and params). */
  text(message: Message): string {
    return this.root.messages.text(message.key, message.params);
  }

  /** Loads the first page of the current filter (the selection is kept for what is still listed). */
  async load(): Promise<void> {
    const generation = ++this.generation;
    runInAction(() => {
      if (this.state !== "ready") this.state = "loading";
    });
    const result = await this.root.run(this.root.ports.api.selfService.messages({
      pageSize: MESSAGES_PAGE_SIZE, ...(this.filter === "unread" ? { filters: [{ op: "eq", column: "read", values: ["false"] }] } : {}),
    }));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.items = result.success.data;
        this.moreAfter = result.success.moreAfter;
        this.state = "ready";
        this.loadError = null;
        const listed = new Set(this.items.map((m) => m.publicId));
        this.selected = new Set([...this.selected].filter((id) => listed.has(id)));
      } else {
        this.state = "failed";
        this.loadError = this.root.messages.ofError(result.failure);
      }
    });
  }

  /** Appends the next page. */
  async loadMore(): Promise<void> {
    const after = this.moreAfter;
    if (after === null) return;
    const generation = this.generation;
    const result = await this.root.run(this.root.ports.api.selfService.messages({
      pageSize: MESSAGES_PAGE_SIZE, pageAfter: after, ...(this.filter === "unread" ? { filters: [{ op: "eq", column: "read", values: ["false"] }] } : {}),
    }));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.items = [...this.items, ...result.success.data];
        this.moreAfter = result.success.moreAfter;
      } else {
        this.loadError = this.root.messages.ofError(result.failure);
      }
    });
  }

  setFilter(filter: MessagesFilter): void {
    if (filter === this.filter) return;
    this.filter = filter;
    this.selected = new Set();
    void this.load();
  }

  /** Reads the unread count again (sign-in, a messages-changed event without a count). */
  async refreshUnread(): Promise<void> {
    const result = await this.root.run(this.root.ports.api.selfService.unreadMessages());
    if (result._tag === "Success") runInAction(() => (this.unread = result.success));
  }

  /** A messages-changed event: the count it carries (else asked), and an open list again. */
  changed(unread: number | undefined): void {
    if (unread === undefined) void this.refreshUnread();
    else runInAction(() => (this.unread = unread));
    if (this.state === "ready" || this.state === "failed") void this.load();
  }

  toggle(publicId: string): void {
    const next = new Set(this.selected);
    if (next.has(publicId)) next.delete(publicId);
    else next.add(publicId);
    this.selected = next;
  }

  toggleAll(): void {
    this.selected = this.allSelected ? new Set() : new Set(this.items.map((m) => m.publicId));
  }

  /**
   * Marks messages read or unread, all or none; the list and the badge follow the answer at once
   * (the event that the server sends as well changes nothing more). A failure shows a snackbar
   * and leaves the list as it was.
   */
  async mark(publicIds: ReadonlyArray<string>, read: boolean): Promise<boolean> {
    if (publicIds.length === 0 || this.working) return false;
    runInAction(() => (this.working = true));
    const result = await this.root.run(this.root.ports.api.selfService.markMessages(publicIds.map((publicId) => ({ publicId, read }))));
    runInAction(() => {
      this.working = false;
      if (result._tag === "Success") {
        const byId = new Map(result.success.map((m) => [m.publicId, m]));
        const before = this.items;
        this.items = this.items.map((m) => byId.get(m.publicId) ?? m)
          .filter((m) => this.filter === "all" || !m.read);
        const flipped = before.filter((m) => byId.has(m.publicId) && byId.get(m.publicId)!.read !== m.read).length;
        if (this.unread !== null) this.unread = Math.max(0, this.unread + (read ? -flipped : flipped));
        this.selected = new Set();
      } else {
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, key: "messages-mark" });
      }
    });
    if (result._tag === "Success") void this.refreshUnread();
    return result._tag === "Success";
  }

  /** Marks the selection read or unread. */
  markSelected(read: boolean): Promise<boolean> {
    return this.mark(this.selectedMessages.map((m) => m.publicId), read);
  }

  /** Opens a message: marks it read (when unread) and goes where it leads. */
  async open(message: Message): Promise<void> {
    if (!message.read) await this.mark([message.publicId], true);
    if (message.link !== null) this.root.navigate(message.link);
  }

  /** Signing out: nothing of mine stays. */
  clear(): void {
    this.items = [];
    this.state = "idle";
    this.moreAfter = null;
    this.unread = null;
    this.selected = new Set();
    this.filter = "all";
    this.generation++;
  }
}
