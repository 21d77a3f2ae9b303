/**
 * Release version ordering (spec.md section 5), used to tell "latest" from "update available"
 * for the VPN client and to pick the newest entry of a release feed.
 *
 * A version is read as `[v]N(.N)*` optionally followed by a pre-release label and number:
 * `1.4.2`, `v2.0`, `1.4.2-rc.1`, `1.4.2-beta2`, `1.4.2 alpha 3`, `1.4.2.pre-1`.
 * - Plain versions compare numerically part by part; a missing part counts as 0 (1.2 = 1.2.0
 *   numerically). Any number of digits is allowed.
 * - For the same numbers, rank is: plain release > rc > pre > beta > alpha > any other label;
 *   the label number then decides (none counts as 0); other labels compare alphabetically.
 * - Text that is not a version at all ranks below every version; such texts compare as strings.
 * - When all of that is equal (1.2 vs 1.2.0, v1 vs 1, 01 vs 1) the texts compare as strings, so
 *   the order is total: compareReleaseVersions(a, b) is 0 only when a === b.
 */

/** Labels of pre-releases, lowest first; a plain release ranks above all of them. */
export const PRE_RELEASE_LABELS = ["alpha", "beta", "pre", "rc"] as const;

interface ParsedVersion {
  readonly numbers: ReadonlyArray<string>;
  /** -1 for an unknown label, 0..3 for PRE_RELEASE_LABELS, 4 for a plain release. */
  readonly rank: number;
  readonly label: string;
  readonly labelNumber: string;
}

const VERSION = /^v?(\d+(?:\.\d+)*)(?:[-. _]*([a-z]+)[-. _]*(\d+)?)?$/i;
const PLAIN_RANK = PRE_RELEASE_LABELS.length;

const parse = (text: string): ParsedVersion | null => {
  const match = VERSION.exec(text.trim());
  if (!match) return null;
  const label = (match[2] ?? "").toLowerCase();
  const known = PRE_RELEASE_LABELS.indexOf(label as (typeof PRE_RELEASE_LABELS)[number]);
  // A number without a label (1.2.3-4) cannot occur: the regex needs a label before it.
  return {
    numbers: match[1]!.split("."),
    rank: label === "" ? PLAIN_RANK : known,
    label,
    labelNumber: match[3] ?? "0",
  };
};

/** Compares two digit strings of any length by value. */
const compareDigits = (a: string, b: string): number => {
  const x = a.replace(/^0+(?=\d)/, "");
  const y = b.replace(/^0+(?=\d)/, "");
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
};

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Whether `text` is a plain version: numbers separated by dots, optionally after a `v`. */
export const isPlainVersion = (text: string): boolean => parse(text)?.rank === PLAIN_RANK;

/**
 * Orders release versions as described above: negative when `a` is older than `b`, positive
 * when newer, 0 only for identical texts. A total order (antisymmetric, transitive), so a sort
 * with it gives the same result whatever the input order. Never fails.
 */
export const compareReleaseVersions = (a: string, b: string): number => {
  const pa = parse(a);
  const pb = parse(b);
  if (!pa || !pb) {
    if (pa) return 1;
    if (pb) return -1;
    return compareStrings(a, b);
  }
  const length = Math.max(pa.numbers.length, pb.numbers.length);
  for (let i = 0; i < length; i++) {
    const c = compareDigits(pa.numbers[i] ?? "0", pb.numbers[i] ?? "0");
    if (c !== 0) return c;
  }
  if (pa.rank !== pb.rank) return pa.rank < pb.rank ? -1 : 1;
  if (pa.rank === -1 && pa.label !== pb.label) return compareStrings(pa.label, pb.label);
  return compareDigits(pa.labelNumber, pb.labelNumber) || compareStrings(a, b);
};

/** The newest version of the list by compareReleaseVersions, or undefined for an empty list. */
export const latestVersion = (versions: Iterable<string>): string | undefined => {
  let latest: string | undefined;
  for (const v of versions) if (latest === undefined || compareReleaseVersions(v, latest) > 0) latest = v;
  return latest;
};

/** Whether `installed` is older than `latest`, i.e. the client shows 'update available'. */
export const isUpdateAvailable = (installed: string, latest: string): boolean =>
  compareReleaseVersions(installed, latest) < 0;
