/**
 * Hashing of secrets. Passwords use scrypt with a per-password salt (slow on purpose); bearer
 * secrets and backup codes are long random strings, so one SHA-256 is enough and lets the
 * server find a token by the hash of what the client sends.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

const scryptAsync = (password: string, salt: Buffer, keyLength: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }, (e, key) => (e ? reject(e) : resolve(key))));

/** Hash of a password as "scrypt$N$r$p$salt$key" (base64 parts), so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keyLength);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), key.toString("base64")].join("$");
}

let checks = 0;

/** How many password checks (scrypt verifications) this process has run: what the attempt limits bound. */
export const passwordCheckCount = (): number => checks;

/** Whether the password matches a hash made by hashPassword; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  checks++;
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, Buffer.from(salt, "base64"), expected.length, { N: Number(n), r: Number(r), p: Number(p) },
      (e, k) => (e ? reject(e) : resolve(k))));
  return timingSafeEqual(actual, expected);
}

/** SHA-256 hex of a high-entropy secret (token secret, backup code). */
export const hashSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex");

/** A new bearer secret: 32 random bytes, base64url. */
export const newSecret = (): string => randomBytes(32).toString("base64url");
