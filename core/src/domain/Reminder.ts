/**
 * Reminders (spec.md section 3): client-side notices about access that is about to expire, shown
 * in the reminder snackbar or behind the bell. Times are epoch milliseconds because reminders are
 * computed and stored on the client (muted state is kept until the latest expiry), never sent.
 */
import { Schema } from "effect";

const EpochMs = Schema.Finite;

/**
 * A reminder: id, icon, important, message, expiresOn, one or several remindOn times, muted.
 * `mutedUntil` is set by muting (rules/reminders.ts): the next remind time after the mute, or the
 * expiry when none is left; absent or null on a muted reminder means muted until its expiry.
 */
export const Reminder = Schema.Struct({
  id: Schema.String,
  icon: Schema.String,
  important: Schema.Boolean,
  message: Schema.String,
  expiresOn: EpochMs,
  remindOn: Schema.Array(EpochMs),
  muted: Schema.Boolean,
  mutedUntil: Schema.optional(Schema.NullOr(EpochMs)),
});
export type Reminder = typeof Reminder.Type;

/** Temporary access granted to the user: its public id and when it ends (UTC ISO). */
export const TemporaryAccess = Schema.Struct({ publicId: Schema.String, expiresOn: Schema.String });
export type TemporaryAccess = typeof TemporaryAccess.Type;
