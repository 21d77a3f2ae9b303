/**
 * Ordering of group types and asset types (spec.md section 4, "Ordering"): new items go last
 * with a gap of ORDER_STEP, a drag renumbers everything, and group types without a colour get a
 * spread set of colours.
 */
import { ORDER_STEP } from "../constants";
import { HEX_COLOR_PATTERN } from "../domain/GroupType";

/**
 * The order of a new item: the largest existing order plus ORDER_STEP, or 0 for the first item.
 * Guarantees a result strictly greater than every existing order. Never fails.
 */
export const nextOrder = (existing: ReadonlyArray<{ readonly order: number }>): number =>
  existing.length === 0 ? 0 : Math.max(...existing.map((e) => e.order)) + ORDER_STEP;

/**
 * Renumbers items in their current sequence: the item at index i gets order i * ORDER_STEP.
 * Guarantees strictly increasing orders starting at 0; the input is not changed.
 */
export const reorder = <T>(items: ReadonlyArray<T>): Array<T & { order: number }> =>
  items.map((item, index) => ({ ...item, order: index * ORDER_STEP }));

/**
 * The list after dragging the item at `fromIndex` to `toIndex` (a new array; the input is not
 * changed). `toIndex` is clamped into the list; a `fromIndex` outside the list leaves the order
 * as it was, because a drag of nothing moves nothing. Always a permutation of the input.
 */
export const moveItem = <T>(items: ReadonlyArray<T>, fromIndex: number, toIndex: number): T[] => {
  const result = [...items];
  if (!Number.isInteger(fromIndex) || fromIndex < 0 || fromIndex >= result.length) return result;
  const target = Math.min(Math.max(Number.isFinite(toIndex) ? Math.trunc(toIndex) : 0, 0), result.length - 1);
  const [moved] = result.splice(fromIndex, 1);
  result.splice(target, 0, moved as T);
  return result;
};

/**
 * Whether missing group type colours are spread automatically: only when the user holds both
 * manage:subgroups (colours are shown) and manage:group-types (they may be saved).
 */
export const shouldSpreadColors = (rights: Iterable<string>): boolean => {
  const held = new Set(rights);
  return held.has("manage:subgroups") && held.has("manage:group-types");
};

/** Saturation and lightness (percent) of spread colours: vivid but readable under white text. */
const SATURATION = 65;
/** Lightness tried in turn when a hue's colour is taken; the first is the normal one. */
const LIGHTNESS_LADDER = [48, 40, 56, 32, 64, 24, 72] as const;
/** Candidate offsets tried per step when placing the evenly spread hues away from used ones. */
const OFFSET_CANDIDATES = 64;

/** `#rrggbb` of an HSL colour (h in degrees, s and l in percent). */
export const hslToHex = (h: number, s: number, l: number): string => {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
};

/** Hue in degrees [0, 360) of a `#rrggbb` colour, or null for a grey (no hue). */
export const hexToHue = (hex: string): number | null => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return null;
  const raw = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (raw * 60 + 360) % 360;
};

const hueDistance = (a: number, b: number): number => {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
};

/**
 * `count` hues evenly spread over the circle (consecutive hues exactly 360 / count apart),
 * rotated so that they keep as far as possible from `usedHues`. Deterministic: the same input
 * gives the same hues; ties go to the smallest rotation.
 */
export const spreadHues = (count: number, usedHues: ReadonlyArray<number>): number[] => {
  if (count <= 0) return [];
  const step = 360 / count;
  let bestOffset = 0;
  let bestDistance = -1;
  if (usedHues.length > 0) {
    for (let c = 0; c < OFFSET_CANDIDATES; c++) {
      const offset = (c * step) / OFFSET_CANDIDATES;
      let nearest = Infinity;
      for (let i = 0; i < count; i++) {
        for (const used of usedHues) nearest = Math.min(nearest, hueDistance(offset + i * step, used));
      }
      if (nearest > bestDistance + 1e-9) {
        bestDistance = nearest;
        bestOffset = offset;
      }
    }
  }
  return Array.from({ length: count }, (_, i) => (bestOffset + i * step) % 360);
};

/** The first colour near `hue` not in `taken`: other lightness first, then nudged hues. */
const freeColorNear = (hue: number, taken: ReadonlySet<string>): string => {
  for (let nudge = 0; nudge < 360; nudge++) {
    for (const lightness of LIGHTNESS_LADDER) {
      const hex = hslToHex((hue + nudge) % 360, SATURATION, lightness);
      if (!taken.has(hex)) return hex;
    }
  }
  // Unreachable with fewer than a few thousand colours in use; kept so the function is total.
  for (let n = 0; n <= 0xffffff; n++) {
    const hex = `#${n.toString(16).padStart(6, "0")}`;
    if (!taken.has(hex)) return hex;
  }
  return "#000000";
};

/** Whether `color` is a usable `#rrggbb` colour. */
const hasColor = (color: unknown): color is string => typeof color === "string" && HEX_COLOR_PATTERN.test(color);

/**
 * Gives every item without a valid `#rrggbb` colour (absent, null, empty or malformed) a colour;
 * items with one keep it (normalised to lowercase). Guarantees: the new colours are `#rrggbb`,
 * distinct from each other and from the colours already used, their hues evenly spread and
 * rotated away from the used hues, assigned in list order, and the same input gives the same
 * output. Never fails. Apply it only when shouldSpreadColors holds.
 */
export const spreadColors = <T extends { readonly color?: string | null | undefined }>(
  items: ReadonlyArray<T>,
): Array<T & { color: string }> => {
  const used = items.flatMap((item) => (hasColor(item.color) ? [item.color.toLowerCase()] : []));
  const taken = new Set(used);
  const missing = items.filter((item) => !hasColor(item.color)).length;
  const usedHues = used.map(hexToHue).filter((h): h is number => h !== null);
  const hues = spreadHues(missing, usedHues);
  let next = 0;
  return items.map((item) => {
    if (hasColor(item.color)) return { ...item, color: item.color.toLowerCase() };
    const color = freeColorNear(hues[next++] ?? 0, taken);
    taken.add(color);
    return { ...item, color };
  });
};

/**
 * What a reorder must save: the items of `after` whose order differs from their order in
 * `before` (as `{publicId, order}`), in `after`'s order. Guarantees: applying these orders to
 * `before` gives every item its order in `after`; an unchanged item is never sent, so a drag
 * between neighbours writes two changes (and two audit entries), not one per item of the list.
 */
export const changedOrders = (
  before: ReadonlyArray<{ readonly publicId: string; readonly order: number }>,
  after: ReadonlyArray<{ readonly publicId: string; readonly order: number }>,
): Array<{ publicId: string; order: number }> => {
  const old = new Map(before.map((t) => [t.publicId, t.order]));
  return after.filter((t) => old.get(t.publicId) !== t.order).map((t) => ({ publicId: t.publicId, order: t.order }));
};
