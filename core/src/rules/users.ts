/**
 * Users and invites (issue 11): e-mail addresses as typed in the invite dialog, the temporary
 * access date (past dates refused), the password strength of a new account made from an invite,
 * how long an invite link lives, and the users list's search and sort (the server does both in
 * SQL; the memory fake and the tests use these to agree with it).
 */
import { NAME_MAX_LENGTH } from "../constants";
import type { ValidationIssue } from "../errors";
import { passwordProblems } from "./passwordStrength";

/** An invite link works for 7 days; a resend makes a new link and kills the old one. */
export const INVITE_VALID_MS = 7 * 24 * 60 * 60_000;
/** Most addresses one invite dialog (or one import) sends in one call. */
export const INVITES_MAX_PER_CALL = 1000;

/** Message keys (englishMessages.ts holds the sentences). */
export const INVALID_EMAIL = "INVALID_EMAIL";
export const EXPIRES_ON_IN_THE_PAST = "EXPIRES_ON_IN_THE_PAST";
export const INVALID_EXPIRES_ON = "INVALID_EXPIRES_ON";
export const ALREADY_A_MEMBER = "ALREADY_A_MEMBER";
export const ALREADY_INVITED = "ALREADY_INVITED";
export const INVITE_LINK_INVALID = "INVITE_LINK_INVALID";
export const TERMS_OF_USE_NOT_ACCEPTED = "TERMS_OF_USE_NOT_ACCEPTED";
export const ACCOUNT_EXISTS_SIGN_IN = "ACCOUNT_EXISTS_SIGN_IN";
export const DUPLICATE_EMAIL = "DUPLICATE_EMAIL";
export const UNKNOWN_ROLE = "UNKNOWN_ROLE";
export const UNKNOWN_GROUP = "UNKNOWN_GROUP";

/** The form an address is stored and compared in: trimmed, lower-cased. Idempotent. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

// One @, no spaces, a dot in the domain: what a mail relay would accept, no more is promised.
const EMAIL = /^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+\.[^\s@"<>(),;:.]+$/;

/** Whether `email` (normalised or not) looks like a deliverable address. Never fails. */
export const isEmailAddress = (email: string): boolean => email.length <= 254 && EMAIL.test(normaliseEmail(email));

/**
 * The addresses of the invite dialog's text: separated by commas, semicolons, spaces or lines,
 * normalised, each once in first-seen order; `invalid` lists the parts that are no address.
 * Guarantees: every address of `emails` passes isEmailAddress, and none appears twice.
 */
export function splitEmailList(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    if (part === "") continue;
    const email = normaliseEmail(part);
    if (!isEmailAddress(email)) invalid.push(part);
    else if (!seen.has(email)) { seen.add(email); emails.push(email); }
  }
  return { emails, invalid };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant (epoch ms) a temporary access given as a date ("2026-12-31": access ends when that
 * UTC day ends) or as a UTC ISO instant ends; undefined when it is neither.
 */
export function expiresOnInstant(text: string): number | undefined {
  const day = DAY.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const start = Date.UTC(y, m - 1, d);
    const check = new Date(start);
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return undefined;
    return start + 24 * 60 * 60_000;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Checks a temporary access value at `now`: null (or absent) is permanent access; otherwise a
 * date or instant that ends after `now`. Answers the instant (null for permanent) or the issue:
 * INVALID_EXPIRES_ON for text that is no date, EXPIRES_ON_IN_THE_PAST for an end not after now.
 */
export function checkExpiresOn(value: string | null | undefined, now: number): { ok: true; expiresOn: number | null } | { ok: false; issue: ValidationIssue } {
  if (value === null || value === undefined || value === "") return { ok: true, expiresOn: null };
  const instant = expiresOnInstant(value.trim());
  if (instant === undefined) return { ok: false, issue: { message: INVALID_EXPIRES_ON, propertyName: "expiresOn" } };
  if (instant <= now) return { ok: false, issue: { message: EXPIRES_ON_IN_THE_PAST, propertyName: "expiresOn" } };
  return { ok: true, expiresOn: instant };
}

/**
 * The password strength rule of a new account made from an invite: core's one password rule
 * (rules/passwordStrength.ts, as for registration, recovery and password change) for the
 * invited address. Answers the first problem's message key, or undefined when it is strong enough.
 */
export function passwordIssue(password: string, email: string): string | undefined {
  return passwordProblems(password, { email: normaliseEmail(email) })[0];
}

/** A name for a new account: trimmed, 1 to NAME_MAX_LENGTH code points; REQUIRED otherwise. */
export function nameIssue(name: string | null | undefined): string | undefined {
  const trimmed = (name ?? "").trim();
  if (trimmed === "") return "REQUIRED";
  if ([...trimmed].length > NAME_MAX_LENGTH) return `Must be at most ${NAME_MAX_LENGTH} characters`;
  return undefined;
}

/** The users list's sort columns. */
export type UserSort = "name" | "email";

/** Whether a member matches the users list's search: case-insensitive, in the name or the e-mail. */
export const matchesUserSearch = (user: { readonly name: string; readonly email: string }, search: string): boolean => {
  const s = search.trim().toLowerCase();
  return s === "" || user.name.toLowerCase().includes(s) || user.email.toLowerCase().includes(s);
};

/** The header of a users CSV file (import and export). */
export const USERS_CSV_HEADER = ["email", "name", "role", "expiresOn"] as const;

/** One row of a users file, with the line it starts on. */
export interface UserRow {
  readonly line: number;
  readonly email: string;
  readonly name: string;
  /** A role's name or publicId, as typed. */
  readonly role: string;
  readonly expiresOn: string;
}

/**
 * Checks the rows of a users file before anything is sent: a valid address (each once in the
 * file), a role the company has (by name, any case, or publicId), a temporary access not in the
 * past. Answers each row's issues (empty when the row is good) and, for good rows, the role's
 * publicId. Guarantees: a row with no issue has a valid, unique address and a known role.
 */
export function checkUserRows(
  rows: ReadonlyArray<UserRow>,
  roles: ReadonlyArray<{ readonly publicId: string; readonly name: string }>,
  now: number,
): Array<{ row: UserRow; issues: ValidationIssue[]; rolePublicId: string | null }> {
  const seen = new Set<string>();
  return rows.map((row) => {
    const issues: ValidationIssue[] = [];
    const email = normaliseEmail(row.email);
    if (email === "") issues.push({ message: "REQUIRED", propertyName: "email" });
    else if (!isEmailAddress(email)) issues.push({ message: INVALID_EMAIL, propertyName: "email" });
    else if (seen.has(email)) issues.push({ message: DUPLICATE_EMAIL, propertyName: "email" });
    seen.add(email);
    const wanted = row.role.trim().toLowerCase();
    const role = roles.find((r) => r.publicId === row.role.trim() || r.name.toLowerCase() === wanted);
    if (wanted === "") issues.push({ message: "REQUIRED", propertyName: "role" });
    else if (!role) issues.push({ message: UNKNOWN_ROLE, propertyName: "role" });
    const name = row.name.trim();
    if (name !== "" && nameIssue(name)) issues.push({ message: nameIssue(name)!, propertyName: "name" });
    const expires = checkExpiresOn(row.expiresOn.trim() || null, now);
    if (!expires.ok) issues.push(expires.issue);
    return { row, issues, rolePublicId: role?.publicId ?? null };
  });
}
