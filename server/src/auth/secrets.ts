/**
 * Hashing of secrets. Passwords use scrypt with a per-password salt (slow on purpose); bearer
 * secrets and backup codes are long random strings, so one SHA-256 is enough and lets the
 * server find a token by the hash of what the client sends.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt's cost for new password hashes unless PORTAL_SCRYPT_N says otherwise (Node's default cost). */
export const DEFAULT_SCRYPT_N = 16384;

/**
 * The cost of new password hashes: PORTAL_SCRYPT_N, a power of two from 1,024 to 1,048,576, else
 * the default. Each hash keeps the parameters it was made with, so a change applies to passwords
 * set from then on and every stored one still verifies. The test suites set 1,024: every sign-in
 * of a test run checked a password at full cost (67 ms of CPU each on these machines), seconds of
 * the run spent on nothing the tests look at. Read at each hash, so that a test's global setup
 * that sets it after this module loaded still hashes its demo data at that cost; the server reads
 * it once at start (startServer), so a value outside the range stops the start, not a sign-up.
 */
export function scryptCost(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env["PORTAL_SCRYPT_N"];
  if (raw === undefined || raw === "") return DEFAULT_SCRYPT_N;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1024 || n > 1_048_576 || (n & (n - 1)) !== 0) {
    throw new Error(`PORTAL_SCRYPT_N must be a power of two from 1024 to 1048576, not "${raw}"`);
  }
  return n;
}

const SCRYPT = { r: 8, p: 1, keyLength: 32 } as const;

const scryptAsync = (password: string, salt: Buffer, keyLength: number, N: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { N, r: SCRYPT.r, p: SCRYPT.p }, (e, key) => (e ? reject(e) : resolve(key))));

/** Hash of a password as "scrypt$N$r$p$salt$key" (base64 parts), so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = scryptCost();
  const key = await scryptAsync(password, salt, SCRYPT.keyLength, N);
  return ["scrypt", N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), key.toString("base64")].join("$");
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
