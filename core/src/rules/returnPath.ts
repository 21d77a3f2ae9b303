/**
 * The deep-link return (issue "navigation"): a page opened while signed out is opened again after
 * sign-in and after choosing a company. Only a path of this portal may be returned to.
 */

/** Paths that are never a destination to return to: the sign-in flow and the error pages. */
const NOT_A_DESTINATION = /^\/(login|logout|two-factor-auth|two-factor-auth-required|sso-auth-required|my-companies|loading|error)(\/|\?|#|$)/;

/**
 * The path to return to after sign-in, or null. Guarantees: the result starts with a single "/"
 * (never "//" or a scheme, so it cannot leave the portal's origin), has no control characters or
 * backslashes, is not a page of the sign-in flow or an error page, and is not the bare root
 * (home decides that one by the rights).
 */
export const safeReturnPath = (raw: string | null | undefined): string | null => {
  if (raw === null || raw === undefined) return null;
  const path = raw.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return null;
  if (/[\u0000-\u001f\u007f]/.test(path)) return null;
  if (path === "/" || NOT_A_DESTINATION.test(path)) return null;
  return path;
};
