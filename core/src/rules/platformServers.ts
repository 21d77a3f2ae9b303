/**
 * Platform server rules (issue 13): what a valid server is (name, location, type, VPN range) and
 * what "my company platform servers" may be filtered on. The VPN range is a CIDR block, IPv4
 * (a.b.c.d/n, n 0 to 32) or IPv6 (RFC 4291 text, /n 0 to 128), whose address is the network
 * address of the block (10.8.0.0/16, not 10.8.1.0/16): a range that is not aligned is almost
 * always a typing mistake, and two servers would otherwise seem to hand out different ranges.
 */
import { Result } from "effect";
import { NAME_MAX_LENGTH } from "../constants";
import { PLATFORM_SERVER_TYPES, type PlatformServerType } from "../domain/Platform";
import { InvalidInput, type ValidationIssue } from "../errors";

export const VPN_RANGE_INVALID = "VPN_RANGE_INVALID";
export const VPN_RANGE_NOT_NETWORK = "VPN_RANGE_NOT_NETWORK";
export const PLATFORM_SERVER_TYPE_INVALID = "PLATFORM_SERVER_TYPE_INVALID";
/** The company a server was being assigned to no longer exists (NotFound Company on a save). */
export const PLATFORM_SERVER_COMPANY_GONE = "PLATFORM_SERVER_COMPANY_GONE";
const TOO_LONG = `Must be at most ${NAME_MAX_LENGTH} characters`;

/** A parsed CIDR block: the address as a big integer of `bits` bits and the prefix length. */
export interface Cidr {
  readonly version: 4 | 6;
  readonly address: bigint;
  readonly prefix: number;
}

const parseIpv4 = (text: string): bigint | undefined => {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return undefined;
    value = (value << 8n) | BigInt(p);
  }
  return value;
};

const parseIpv6 = (text: string): bigint | undefined => {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split("::").length > 2) return undefined;
  const [head, tail] = text.includes("::") ? text.split("::") as [string, string] : [text, undefined];
  const groups = (s: string): string[] | undefined => (s === "" ? [] : s.split(":"));
  const left = groups(head!);
  const right = tail === undefined ? [] : groups(tail);
  if (!left || !right) return undefined;
  const words: number[] = [];
  const push = (list: string[], isLast: boolean): boolean => {
    for (const [i, g] of list.entries()) {
      if (isLast && i === list.length - 1 && g.includes(".")) {
        const v4 = parseIpv4(g);
        if (v4 === undefined) return false;
        words.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-fA-F]{1,4}$/.test(g)) words.push(parseInt(g, 16));
      else return false;
    }
    return true;
  };
  const leftWords: number[] = [];
  if (!push(left, tail === undefined)) return undefined;
  leftWords.push(...words.splice(0));
  if (!push(right, true)) return undefined;
  const missing = 8 - leftWords.length - words.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...leftWords, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...words].reduce((acc, w) => (acc << 16n) | BigInt(w), 0n);
};

/** Parses "address/prefix" (IPv4 or IPv6); undefined when it is not a CIDR block. Never fails. */
export const parseCidr = (text: string): Cidr | undefined => {
  const m = /^([^/\s]+)\/(\d{1,3})$/.exec(text);
  if (!m) return undefined;
  const prefix = Number(m[2]);
  if (m[2]!.length > 1 && m[2]!.startsWith("0")) return undefined;
  const v4 = parseIpv4(m[1]!);
  if (v4 !== undefined) return prefix <= 32 ? { version: 4, address: v4, prefix } : undefined;
  const v6 = m[1]!.includes(":") ? parseIpv6(m[1]!) : undefined;
  return v6 !== undefined && prefix <= 128 ? { version: 6, address: v6, prefix } : undefined;
};

/** Whether the block's address has no bits set after its prefix (it is the network address). */
export const isNetworkAddress = (c: Cidr): boolean => {
  const bits = BigInt(c.version === 4 ? 32 : 128);
  const hostBits = bits - BigInt(c.prefix);
  return (c.address & ((1n << hostBits) - 1n)) === 0n;
};

/**
 * Checks a VPN range: a CIDR block (VPN_RANGE_INVALID) that is its own network address
 * (VPN_RANGE_NOT_NETWORK). Guarantees a success is the input trimmed, IPv6 in lower case.
 */
export const checkVpnRange = (value: unknown): Result.Result<string, ValidationIssue> => {
  if (typeof value !== "string" || value.trim() === "") return Result.fail({ message: "REQUIRED", propertyName: "vpnRange" });
  const text = value.trim();
  const cidr = parseCidr(text);
  if (!cidr) return Result.fail({ message: VPN_RANGE_INVALID, propertyName: "vpnRange" });
  if (!isNetworkAddress(cidr)) return Result.fail({ message: VPN_RANGE_NOT_NETWORK, propertyName: "vpnRange" });
  return Result.succeed(cidr.version === 6 ? text.toLowerCase() : text);
};

export interface PlatformServerFields {
  readonly name: string;
  readonly location: string;
  readonly type: PlatformServerType;
  readonly vpnRange: string;
}

const text = (input: Readonly<Record<string, unknown>>, key: "name" | "location", issues: ValidationIssue[]): string => {
  const v = input[key];
  if (typeof v !== "string" || v.trim() === "") {
    issues.push({ message: "REQUIRED", propertyName: key });
    return "";
  }
  if (v.trim().length > NAME_MAX_LENGTH) issues.push({ message: TOO_LONG, propertyName: key });
  return v.trim();
};

/**
 * Checks a platform server: name and location required (at most 255 characters), type one of
 * mdr and rsc, vpnRange as checkVpnRange says. Fails with InvalidInput naming every bad field.
 */
export const checkPlatformServer = (input: Readonly<Record<string, unknown>>): Result.Result<PlatformServerFields, InvalidInput> => {
  const issues: ValidationIssue[] = [];
  const name = text(input, "name", issues);
  const location = text(input, "location", issues);
  const type = input["type"];
  if (!(PLATFORM_SERVER_TYPES as ReadonlyArray<unknown>).includes(type)) issues.push({ message: PLATFORM_SERVER_TYPE_INVALID, propertyName: "type" });
  const range = checkVpnRange(input["vpnRange"]);
  if (Result.isFailure(range)) issues.push(range.failure);
  if (issues.length > 0 || Result.isFailure(range)) return Result.fail(new InvalidInput({ issues }));
  return Result.succeed({ name, location, type: type as PlatformServerType, vpnRange: range.success });
};

/** The filter the company screen sends (spec 7: type in mdr, rsc). */
export const PLATFORM_SERVER_TYPE_FILTER = `in(type,${PLATFORM_SERVER_TYPES.join(",")})`;
