/**
 * What my profile accepts (issue 11): a name, a language the portal offers, an IANA time zone,
 * and an e-mail address. The server refuses with these messages (InvalidInput issues naming the
 * field) and the profile form shows them as the user types.
 */
import { NAME_MAX_LENGTH } from "../constants";

/** Languages a user may choose; null means the browser's. */
export const PROFILE_LANGUAGES = [
  { code: "en", label: "English" },
  { code: "de", label: "Deutsch" },
  { code: "nl", label: "Nederlands" },
  { code: "fr", label: "Français" },
] as const;

/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

export interface ProfileIssue {
  readonly message: string;
  readonly propertyName: string;
}

/**
 * Whether `zone` is a time zone this runtime knows (IANA name such as "Europe/Amsterdam", or
 * "UTC"). Uses Intl, which every supported browser and Node have.
 */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === "" || zone !== zone.trim()) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A plausible e-mail address: one @, a non-empty local part, a domain with a dot, no spaces, at
 * most EMAIL_MAX_LENGTH characters. Deliverability is proven by the confirmation link, not here.
 */
export const isEmailAddress = (email: string): boolean =>
  email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);

/** E-mail addresses are compared and stored lower-cased and trimmed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The issues of a profile change; empty when it can be saved. `name` is trimmed by the caller's
 * save; REQUIRED when blank, a length message beyond NAME_MAX_LENGTH code points.
 */
export function profileIssues(change: { readonly name?: string | undefined; readonly language?: string | null | undefined; readonly timeZone?: string | null | undefined }): ProfileIssue[] {
  const issues: ProfileIssue[] = [];
  if (change.name !== undefined) {
    const name = change.name.trim();
    if (name === "") issues.push({ message: "REQUIRED", propertyName: "name" });
    else if ([...name].length > NAME_MAX_LENGTH) issues.push({ message: `Must be at most ${NAME_MAX_LENGTH} characters`, propertyName: "name" });
  }
  if (change.language != null && !PROFILE_LANGUAGES.some((l) => l.code === change.language)) {
    issues.push({ message: "UNKNOWN_LANGUAGE", propertyName: "language" });
  }
  if (change.timeZone != null && !isTimeZone(change.timeZone)) issues.push({ message: "UNKNOWN_TIME_ZONE", propertyName: "timeZone" });
  return issues;
}
