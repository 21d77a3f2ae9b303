/**
 * The password strength rule, used wherever a person chooses a password: register, recover,
 * finishing an invite and changing my password. The server refuses what it refuses and the web
 * shows the same sentences as the user types, so both answer alike.
 *
 * A password is strong enough when it has at least PASSWORD_MIN_LENGTH characters (code points),
 * at most PASSWORD_MAX_CHARACTERS, at least PASSWORD_MIN_DISTINCT different characters, and does
 * not contain the user's e-mail name (the part before @) or their name, when those are 4
 * characters or longer. Length matters more than character classes, so none are required.
 */

/** Fewest characters (Unicode code points) a password has. */
export const PASSWORD_MIN_LENGTH = 10;
/** Most characters a password has (bounds the cost of hashing it). */
export const PASSWORD_MAX_CHARACTERS = 256;
/** Fewest different characters: "aaaaaaaaaa" and "1212121212" are refused. */
export const PASSWORD_MIN_DISTINCT = 5;
/** Parts of the e-mail or name shorter than this are not looked for in the password. */
const PERSONAL_MIN_LENGTH = 4;

/** Why a password is refused; each has a sentence in core's messages. */
export type PasswordProblem = "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG" | "PASSWORD_TOO_SIMPLE" | "PASSWORD_CONTAINS_PERSONAL";

/** What the rule knows about the person, to refuse a password made of it. */
export interface PasswordOwner {
  readonly email?: string | undefined;
  readonly name?: string | undefined;
}

/**
 * The problems of `password` for `owner`, in a fixed order (length first); empty when it is
 * strong enough. Pure and total: any string gives an answer.
 */
export function passwordProblems(password: string, owner: PasswordOwner = {}): PasswordProblem[] {
  const chars = [...password];
  const problems: PasswordProblem[] = [];
  if (chars.length < PASSWORD_MIN_LENGTH) problems.push("PASSWORD_TOO_SHORT");
  if (chars.length > PASSWORD_MAX_CHARACTERS) problems.push("PASSWORD_TOO_LONG");
  if (new Set(chars).size < PASSWORD_MIN_DISTINCT) problems.push("PASSWORD_TOO_SIMPLE");
  const lower = password.toLowerCase();
  const personal = [owner.email?.split("@")[0], ...(owner.name ?? "").split(/\s+/)]
    .map((p) => (p ?? "").trim().toLowerCase())
    .filter((p) => [...p].length >= PERSONAL_MIN_LENGTH);
  if (personal.some((p) => lower.includes(p))) problems.push("PASSWORD_CONTAINS_PERSONAL");
  return problems;
}

/** Whether `password` is strong enough for `owner` (no problems). */
export const isStrongPassword = (password: string, owner: PasswordOwner = {}): boolean =>
  passwordProblems(password, owner).length === 0;
