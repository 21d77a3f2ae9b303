/** How licence facts read on screen (issue 12): methods, features and dates as words. */
import type { ActivationMethodKind } from "@portal/core/domain/Licence";
import { daysLeft } from "@portal/core/rules/licences";

export const METHOD_LABEL: Record<ActivationMethodKind, string> = { trial: "Trial", licence: "Licence", coupon: "Coupon" };

/** "12 Dec 2026" in the browser's locale; the time is not needed to plan a renewal. */
export const dateText = (iso: string): string => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

/** "expires 12 Dec 2026 (in 5 days)" or "expired 12 Dec 2026". */
export const expiryText = (iso: string, now: number): string => {
  const left = daysLeft(Date.parse(iso), now);
  if (left === 0) return `expired ${dateText(iso)}`;
  return `expires ${dateText(iso)} (in ${left} ${left === 1 ? "day" : "days"})`;
};
