/** Random public identifiers (api.md): 12 characters of [A-Za-z0-9], never sequential. */
import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Random bytes are drawn in blocks: one crypto call per ~100 ids instead of one per id. */
let pool = Buffer.alloc(0);
let at = 0;

function randomByte(): number {
  if (at >= pool.length) {
    pool = randomBytes(4096);
    at = 0;
  }
  return pool[at++]!;
}

/** A fresh publicId. Rejection sampling keeps every character equally likely (62 does not divide 256). */
export function newPublicId(length = 12): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** Whether a string has the shape of a publicId; anything else can be answered 404 at once. */
export const isPublicId = (s: string): boolean => /^[A-Za-z0-9]{12}$/.test(s);
