/**
 * Access tokens (api.md): POST with Basic `email:otp:password` (sign-in) or with a Bearer secret
 * (a derived token, as jump-start and the jump link do); DELETE ends one of my tokens (logout).
 * A derived token belongs to the sign-in session of the token that minted it: it never outlives
 * that session's sign-in token, and logout (DELETE of the sign-in token) ends it as well.
 */
import { and, eq } from "drizzle-orm";
import { NotFound } from "@portal/core/errors";
import { writeAudit } from "../audit/writeAudit";
import { authenticateBearer, checkExpiresIn, INVALID_CREDENTIALS, issueToken, parseBasic, signIn, type TokenRow, type UserRow } from "../auth/signIn";
import { deviceIdOf, recordDevice } from "../auth/trustedDevices";
import type { Db } from "../db/Database";
import { accessTokens, users } from "../db/schema";
import { HttpProblem } from "../http/HttpProblem";
import { actorOf, userOf, type HandlersOf } from "../http/RequestContext";

/** Lifetime of a sign-in token when the body names none: one day. */
export const DEFAULT_TOKEN_SECONDS = 86_400;

export const accessTokenRoutes: HandlersOf<"AccessTokenList" | "AccessToken"> = {
  "AccessTokenList.POST": async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (typeof body !== "object" || Array.isArray(body)) throw HttpProblem.of(400, "Body must be an object", "expiresIn");
    const expiresIn = checkExpiresIn(body["expiresIn"] ?? DEFAULT_TOKEN_SECONDS);
    const authorization = ctx.request.headers.authorization ?? "";
    let user: UserRow;
    let parent: TokenRow | undefined;
    let secondFactorPassed = false;
    // The browser's id (Api-Device-Id) of a sign-in; a derived token comes from no new browser.
    const deviceId = /^Bearer\s/i.test(authorization) ? null : deviceIdOf(ctx.request.headers["api-device-id"]);
    if (/^Bearer\s/i.test(authorization)) {
      const found = await authenticateBearer(ctx.db, ctx.now, authorization.replace(/^Bearer\s+/i, "").trim());
      if (!found) throw HttpProblem.of(401, "Access token is invalid or expired");
      ({ user, token: parent } = found);
    } else {
      const basic = parseBasic(authorization);
      if (!basic) throw HttpProblem.of(401, "Sign in with Authorization: Basic base64(email:otp:password)");
      ({ user, secondFactorPassed } = await signIn(ctx.db, ctx.now, basic.email, basic.otp, basic.password, ctx.clientAddress, deviceId));
    }
    const token = await ctx.db.transaction(async (tx) => {
      // The credentials were checked outside this transaction (scrypt is slow). A password reset
      // or change, or a second-factor change, that committed since then ends every session, and
      // must end this one too: the account's row is read again, locked against such an update
      // until this token is in (the update then waits, and its delete of the tokens sees it).
      if (!parent) await checkUnchanged(tx, user);
      // A sign-in from a browser that sends its id (Api-Device-Id) records it as a trusted device.
      const device = deviceId === null ? undefined
        : await recordDevice(tx, user.id, deviceId, ctx.request.headers["user-agent"], ctx.now, secondFactorPassed);
      const t = await issueToken(tx, ctx.now, user.id, expiresIn, parent, device);
      await writeAudit(tx, { ...actorOf(ctx), userId: user.id }, [
        { action: "CREATE", topic: "AccessToken", target: t.publicId, after: { publicId: t.publicId, expiresOn: t.expiresOn } },
      ]);
      return t;
    });
    return { type: "AccessToken", data: token, status: 201 };
  },

  "AccessToken.DELETE": async (ctx) => {
    const user = userOf(ctx);
    const publicId = ctx.params["publicId"] ?? "";
    await ctx.db.transaction(async (tx) => {
      const deleted = await tx.delete(accessTokens)
        .where(and(eq(accessTokens.publicId, publicId), eq(accessTokens.userId, user.id)))
        .returning({ publicId: accessTokens.publicId, expiresOn: accessTokens.expiresOn });
      if (deleted.length === 0) throw new NotFound({ entity: "AccessToken", publicId });
      await writeAudit(tx, actorOf(ctx), [
        { action: "DELETE", topic: "AccessToken", target: publicId, before: { publicId, expiresOn: deleted[0]!.expiresOn.toISOString() } },
      ]);
    });
    return { type: "AccessToken", data: { publicId } };
  },
};

/** 401 when the account's password or second factor changed since `checked` was read; the row stays share-locked until `tx` ends. */
async function checkUnchanged(tx: Db, checked: UserRow): Promise<void> {
  const [now] = await tx.select({ passwordHash: users.passwordHash, totpEnabled: users.totpEnabled, totpSecret: users.totpSecret })
    .from(users).where(eq(users.id, checked.id)).for("share");
  if (!now || now.passwordHash !== checked.passwordHash || now.totpEnabled !== checked.totpEnabled || now.totpSecret !== checked.totpSecret) {
    throw HttpProblem.of(401, INVALID_CREDENTIALS);
  }
}
