/**
 * Trusted devices (spec 3 and 7): the browser id the web keeps in client storage arrives as the
 * Api-Device-Id header. A sign-in from it records (or refreshes) the device and ties the new
 * token to it, so that forgetting the device signs that browser out.
 */
import { and, eq } from "drizzle-orm";
import { isStorableText } from "@portal/core/wire/bounds";
import type { Db } from "../db/Database";
import { trustedDevices } from "../db/schema";
import { newPublicId } from "../ids";
import { hashSecret } from "./secrets";

/** Longest device id and device name kept. */
const DEVICE_ID_MAX = 128;
const NAME_MAX = 120;

/** The device id of a request's header, or null when absent or unusable (too long, not storable). */
export function deviceIdOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  const id = value.trim();
  return id !== "" && id.length <= DEVICE_ID_MAX && isStorableText(id) ? id : null;
}

/** A short name from a user agent: browser and system when recognisable, else the text cut short. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : null;
  const system = /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Linux/.test(ua) ? "Linux" : null;
  if (browser && system) return `${browser} on ${system}`;
  const text = ua.trim();
  return text === "" || !isStorableText(text) ? "Unknown browser" : text.slice(0, NAME_MAX);
}

/**
 * Records a sign-in from `deviceId` for `userId` (first or again); the device's row id. When the
 * sign-in passed the second factor, the device is marked as having done so (it is then trusted to
 * skip it); a sign-in that did not need it leaves the mark as it was.
 */
export async function recordDevice(
  tx: Db, userId: number, deviceId: string, userAgent: string | undefined, now: number, secondFactorPassed = false,
): Promise<number> {
  const at = new Date(now);
  const proved = secondFactorPassed ? { secondFactorAt: at } : {};
  const [row] = await tx.insert(trustedDevices)
    .values({ publicId: newPublicId(), userId, deviceHash: hashSecret(deviceId), name: deviceName(userAgent), firstSeenAt: at, lastSeenAt: at, ...proved })
    .onConflictDoUpdate({ target: [trustedDevices.userId, trustedDevices.deviceHash], set: { lastSeenAt: at, name: deviceName(userAgent), ...proved } })
    .returning({ id: trustedDevices.id });
  return row!.id;
}

/** The row of `deviceId` for `userId`, when that browser signed in before. */
export async function findDevice(db: Db, userId: number, deviceId: string | null) {
  if (deviceId === null) return undefined;
  const [row] = await db.select().from(trustedDevices).where(and(eq(trustedDevices.userId, userId), eq(trustedDevices.deviceHash, hashSecret(deviceId))));
  return row;
}
