/**
 * One user action writes one audit entry (issue 12). A drag that reorders a list is saved as one
 * bulk PATCH carrying every item's new order; its audit entry is one, for the list, not one per
 * item: before and after map each moved item's name to its order, so the entry's diff reads
 * `Line A: 0 -> 1000`.
 */
import { auditDiff } from "./auditDiff";

/** One item's state before and after a bulk change, as the audit trail keeps it. */
export interface ItemChange {
  readonly before: { readonly publicId: string; readonly name?: string; readonly order?: number };
  readonly after: { readonly publicId: string; readonly name?: string; readonly order?: number };
}

/** The before and after of a reorder's single entry: moved items' name (else publicId) to order. */
export interface ReorderValues {
  readonly before: Readonly<Record<string, number | undefined>>;
  readonly after: Readonly<Record<string, number | undefined>>;
}

/**
 * The single entry's values when the batch is a reorder: every item changed its order and
 * nothing else, or nothing at all. Guarantees null as soon as one item changed another field
 * (then each item is its own change and gets its own entry), and an empty pair when no item
 * moved (then nothing is written: nothing changed).
 */
export function reorderAuditValues(changes: ReadonlyArray<ItemChange>): ReorderValues | null {
  const before: Record<string, number | undefined> = {};
  const after: Record<string, number | undefined> = {};
  for (const c of changes) {
    const fields = auditDiff(c.before, c.after).map((d) => d.field);
    if (fields.some((f) => f !== "order")) return null;
    if (fields.length === 0) continue;
    const label = c.after.name ?? c.after.publicId;
    before[label] = c.before.order;
    after[label] = c.after.order;
  }
  return { before, after };
}
