/**
 * Encryption at rest for secrets the server must read back (an MQTT broker password is sent to
 * the broker, so it cannot be hashed): AES-256-GCM with node:crypto, a fresh 12-byte IV per
 * value and the 16-byte tag, stored as "v1:" + base64(iv | tag | ciphertext). The key comes from
 * PORTAL_SECRET_KEY (32 bytes as 64 hex digits or base64). Without it, and only when NODE_ENV is
 * not "production", a documented development key is used (server/README.md); in production a
 * missing or malformed key stops the server at start rather than storing secrets weakly.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The development key: public by design (it is in this file and the README), so that a fresh
 * checkout starts without setup. Never used when NODE_ENV=production.
 */
export const DEVELOPMENT_SECRET_KEY_TEXT = "portal-development-secret-key-not-for-production";

/** Reads a 32-byte key from hex or base64 text; null when it is neither. */
const parseKey = (text: string): Buffer | null => {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  const b = Buffer.from(t, "base64");
  return b.length === 32 && /^[A-Za-z0-9+/=_-]+$/.test(t) ? b : null;
};

/** The key of this process from the environment; throws (at start) when production has none. */
export function secretKeyFromEnv(env: NodeJS.ProcessEnv = process.env): Buffer {
  const raw = env["PORTAL_SECRET_KEY"];
  if (raw !== undefined && raw !== "") {
    const key = parseKey(raw);
    if (!key) throw new Error("PORTAL_SECRET_KEY must be 32 bytes written as 64 hexadecimal digits or as base64 (openssl rand -hex 32).");
    return key;
  }
  if (env["NODE_ENV"] === "production") {
    throw new Error("PORTAL_SECRET_KEY is required in production: it encrypts stored MQTT broker passwords (openssl rand -hex 32).");
  }
  return createHash("sha256").update(DEVELOPMENT_SECRET_KEY_TEXT).digest();
}

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("SecretBox needs a 32-byte key");
  }

  /** Encrypts a secret; two calls with the same text give different results (fresh IV). */
  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  }

  /** Decrypts what seal made with the same key; throws when the value was altered or the key differs. */
  open(sealed: string): string {
    if (!sealed.startsWith(VERSION)) throw new Error("Unknown secret format");
    const raw = Buffer.from(sealed.slice(VERSION.length), "base64");
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error("Secret too short");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  }
}
