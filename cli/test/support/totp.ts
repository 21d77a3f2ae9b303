/**
 * RFC 6238 one-time codes (HMAC-SHA1, 30 s steps, 6 digits over a base32 secret), as an
 * authenticator app computes them. Written here rather than imported from server/src: the CLI
 * may not depend on the server (STYLE.md), and a second implementation, checked against the
 * RFC's own vectors, tests the server's codes instead of comparing the server with itself.
 */
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.toUpperCase().replace(/[=\s]/g, "")) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 6-digit code of a base32 secret at an instant (milliseconds since the epoch). */
export function totpAt(secret: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, "0");
}

/** A 6-digit code that is not valid at `atMs` (nor one step either side, the server's drift window). */
export function wrongTotpAt(secret: string, atMs: number): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => totpAt(secret, atMs + d)));
  return ["000000", "111111", "222222", "333333"].find((c) => !valid.has(c))!;
}
