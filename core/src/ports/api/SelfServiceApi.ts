import type { Effect } from "effect";
import type { Message } from "../../domain/Message";
import type { PolicyText } from "../../domain/Policy";
import type { RegistrationForm } from "../../rules/registration";
import type { NotFound } from "../../errors";
import type { CallError, ListPage, ListRequest } from "./common";

/**
 * Self service (issue 11): registering where the sector allows it, my messages, and the privacy
 * statement and terms in my language. Rule failures are InvalidInput issues naming the field
 * with core's message keys (rules/registration.ts, LINK_INVALID_OR_EXPIRED, SELF_SIGN_UP_DISABLED).
 */
export interface SelfServiceApi {
  /** Whether the host's sector takes registrations. Fails with a CallError. */
  readonly registrationAllowed: () => Effect.Effect<boolean, CallError>;
  /** Registers; succeeds alike whether the address has an account. Fails with InvalidInput, Forbidden (SELF_SIGN_UP_DISABLED) or a CallError. */
  readonly register: (form: RegistrationForm) => Effect.Effect<void, CallError>;
  /** Spends a registration link. Fails with InvalidInput (LINK_INVALID_OR_EXPIRED) or a CallError. */
  readonly confirmRegistration: (token: string) => Effect.Effect<{ readonly email: string }, CallError>;
  /** My messages, newest first (filters on read and kind). Fails with a CallError. */
  readonly messages: (request?: ListRequest) => Effect.Effect<ListPage<Message>, CallError>;
  /** Marks messages read or unread, all or none. Fails with NotFound or a CallError. */
  readonly markMessages: (items: ReadonlyArray<{ readonly publicId: string; readonly read: boolean }>) => Effect.Effect<ReadonlyArray<Message>, CallError | NotFound>;
  /** How many of my messages are unread. Fails with a CallError. */
  readonly unreadMessages: () => Effect.Effect<number, CallError>;
  /** The sector's privacy statement (no sign-in needed), or null. Fails with a CallError. */
  readonly privacyStatement: (language?: string) => Effect.Effect<PolicyText | null, CallError>;
  /** The selected company's privacy statement or terms of use in my language, or null. Fails with a CallError. */
  readonly myCompanyPolicy: (kind: "privacy-statement" | "terms-of-use") => Effect.Effect<PolicyText | null, CallError>;
}
