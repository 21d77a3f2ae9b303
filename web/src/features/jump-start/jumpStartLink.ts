/**
 * Reading a jump-start link (spec sections 2 and 3): the `token` query parameter carries the
 * access token ids, optionally a company id and a redirect URL, as base64url-encoded JSON. It is
 * untrusted input, so it is decoded with a Schema; a bare secret is accepted too.
 */
import { Result, Schema } from "effect";

export const JumpStartTokenSchema = Schema.Struct({
  publicId: Schema.optional(Schema.String),
  secretId: Schema.String.check(Schema.isMinLength(1)),
  companyId: Schema.optional(Schema.String),
  redirectUrl: Schema.optional(Schema.String),
});
export type JumpStartToken = typeof JumpStartTokenSchema.Type;

const decodeToken = Schema.decodeUnknownResult(JumpStartTokenSchema);

/** Decodes the token parameter; null when it is neither encoded JSON nor a plain secret. */
export function readJumpStartToken(raw: string | null): JumpStartToken | null {
  if (raw === null || raw.trim() === "") return null;
  const json = fromBase64Url(raw.trim());
  if (json !== null) {
    const result = decodeToken(json);
    if (Result.isSuccess(result)) return result.success;
  }
  return /^[A-Za-z0-9_-]+$/.test(raw.trim()) ? { secretId: raw.trim() } : null;
}

/** Encodes a token the way readJumpStartToken reads it (used by tests and the jump link). */
export function encodeJumpStartToken(token: JumpStartToken): string {
  return btoa(JSON.stringify(token)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A report link: /reports/{id}/version/{id}/(agent|asset)/{id}. It suppresses the terms prompt. */
const REPORT_PATH = /^\/reports\/[^/]+\/version\/[^/]+\/(agent|asset)\/[^/]+\/?$/;

export interface JumpStartView {
  readonly title: string;
  readonly description: string;
  /** Where to go once signed in: the same path without the token (/login opens home). */
  readonly target: string;
  readonly suppressTermsPrompt: boolean;
}

/** What the jump-start page shows for a path, and where it goes afterwards. */
export function jumpStartView(pathname: string, search: string, redirectUrl?: string): JumpStartView {
  const params = new URLSearchParams(search);
  params.delete("token");
  const rest = params.toString();
  const isLogin = pathname === "/login" || pathname.startsWith("/login/");
  const target = redirectUrl?.startsWith("/") ? redirectUrl : isLogin ? "/" : `${pathname}${rest ? `?${rest}` : ""}`;
  return {
    title: isLogin ? "Signing you in" : "Opening your link",
    description: isLogin ? "You are being signed in with your sign-in link." : "One moment while we sign you in and open the link.",
    target,
    suppressTermsPrompt: REPORT_PATH.test(pathname),
  };
}

function fromBase64Url(raw: string): unknown {
  try {
    const b64 = raw.replace(/-/g, "+").replace(/_/g, "/");
    return JSON.parse(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)));
  } catch {
    return null;
  }
}
