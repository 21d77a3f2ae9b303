/**
 * The last-administrator rule (issue 11): a company always keeps at least one administrator.
 * An administrator is a member whose role grants ADMINISTRATOR_RIGHT (manage:roles): whoever may
 * edit roles can give any right back, so while one such member exists nobody is locked out.
 * A member with temporary access (an expiry) does not count: the company would lose its last
 * administrator by the clock alone. Every change to members (removal, role change, temporary
 * access) and to a role's rights is checked with `checkAdministratorsRemain` on the company's
 * members before and after the change, by the server in the change's transaction, the web before
 * it asks, and the CLI before it imports.
 */
import { Result } from "effect";
import { Conflict } from "../errors";
import type { Right } from "../domain/Right";

/** The right that makes a member an administrator of the company. */
export const ADMINISTRATOR_RIGHT: Right = "manage:roles";

/** The message key of the refusal (englishMessages.ts holds the sentence). */
export const LAST_ADMINISTRATOR = "LAST_ADMINISTRATOR";

/** A member of a company as this rule sees it: the rights of its role and its access expiry. */
export interface AdministeredMember {
  readonly userId: string;
  readonly rights: Iterable<string>;
  /** Temporary access: when the membership ends (epoch ms); absent or null when permanent. */
  readonly expiresOn?: number | null | undefined;
}

/** Whether the member is a (permanent) administrator. Never fails. */
export const isAdministrator = (member: AdministeredMember): boolean =>
  (member.expiresOn === undefined || member.expiresOn === null) && [...member.rights].includes(ADMINISTRATOR_RIGHT);

/** The user ids of the company's administrators, each once. */
export const administrators = (members: Iterable<AdministeredMember>): ReadonlySet<string> => {
  const ids = new Set<string>();
  for (const m of members) if (isAdministrator(m)) ids.add(m.userId);
  return ids;
};

/**
 * Checks a change of a company's members. Succeeds when the company keeps an administrator after
 * the change, or had none before it (a company set up without one is not made worse by an
 * unrelated change). Fails with Conflict (message LAST_ADMINISTRATOR) when the change would take
 * away the last one. Guarantees: a success never goes from one or more administrators to none.
 */
export const checkAdministratorsRemain = (
  before: Iterable<AdministeredMember>,
  after: Iterable<AdministeredMember>,
): Result.Result<void, Conflict> => {
  if (administrators(before).size === 0 || administrators(after).size > 0) return Result.succeed(undefined);
  return Result.fail(new Conflict({ issues: [{ message: LAST_ADMINISTRATOR }] }));
};
