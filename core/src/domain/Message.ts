/**
 * My messages (issue 11, /messages): notices the portal wrote for me where something happened
 * that concerns me (an access decision, an invite, access about to expire). Each is a message key
 * of core's catalogue with its params, so it reads in my language, and is read or unread.
 */
import { Schema } from "effect";

export const MESSAGE_KINDS = ["access-decision", "invite", "expiring-access", "licence-ended"] as const;
export const MessageKind = Schema.Literals(MESSAGE_KINDS);
export type MessageKind = typeof MessageKind.Type;

export const Message = Schema.Struct({
  publicId: Schema.String,
  kind: MessageKind,
  /** A key of core's message catalogue (NAME_HAS_APPROVED_YOUR_ACCESS_REQUEST...). */
  key: Schema.String,
  /** The values of the key's placeholders. */
  params: Schema.Record(Schema.String, Schema.String),
  /** Where the notice leads in the web app (a path), or null. */
  link: Schema.NullOr(Schema.String),
  /** The company it concerns, or null (an invite to a company I am not in yet names it in params). */
  company: Schema.NullOr(Schema.Struct({ publicId: Schema.String, name: Schema.String })),
  read: Schema.Boolean,
  /** UTC ISO instant. */
  createdOn: Schema.String,
});
export type Message = typeof Message.Type;

/** How many of my messages are unread (the shell's badge). */
export const UnreadCount = Schema.Struct({ unread: Schema.Number });
export type UnreadCount = typeof UnreadCount.Type;
