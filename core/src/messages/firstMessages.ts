/**
 * The texts the sign-in page may show before the whole English catalogue has loaded: the sign-in
 * refusals, the texts of the errors a first call can end in, and the generic sentence. They are
 * part of the catalogue (englishMessages.ts spreads them in); the web's first load carries only
 * these, and its MessageStore swaps in the whole catalogue once that chunk has arrived.
 */
import type { MessageText } from "./messageFormat";

const t = (text: string, bare?: string): MessageText => (bare === undefined ? { text } : { text, bare });

/** Keys the server sends at sign-in, and the sentence every unknown key falls back to. */
export const FIRST_KEYED = {
  TWO_FACTOR_REQUIRED: t("Enter the one-time code of your authenticator app."),
  INVALID_CREDENTIALS: t("The email or password is wrong."),
  TWO_FACTOR_INVALID: t("The one-time code is wrong or has expired. Try again."),
  TRY_AGAIN_AT: t("You can try again at {name}.", "You can try again later."),
  "generic": t("Something went wrong. Try again."),
} as const satisfies Readonly<Record<string, MessageText>>;

/** The texts of the tagged errors a call before sign-in can end in, under `error.<Tag>`. */
export const FIRST_ERRORS = {
  "error.InvalidInput": t("Some values are not valid. Check the fields and try again."),
  "error.Conflict": t("This conflicts with existing data. Check the values and try again."),
  "error.NotFound": t("{name} was not found. It may have been deleted.", "It was not found. It may have been deleted."),
  "error.Forbidden": t("You are not allowed to do this in the selected company."),
  "error.Unauthenticated": t("Your session has ended. Sign in again."),
  "error.RateLimited": t("Too many attempts. Wait a moment and try again."),
  "error.ApiUnavailable": t("The server cannot be reached. Try again in a moment."),
  "error.ApiFailure": t("The server could not do this (error {name}). Try again.", "The server could not do this. Try again."),
  "error.StorageFailure": t("Your browser refused to keep this setting (storage full or disabled)."),
} as const satisfies Readonly<Record<string, MessageText>>;

/** The first-load catalogue: FIRST_KEYED and FIRST_ERRORS. */
export const FIRST_MESSAGES: Readonly<Record<string, MessageText>> = { ...FIRST_KEYED, ...FIRST_ERRORS };
