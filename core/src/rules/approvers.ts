/**
 * The approver select of the request-access dialog (spec.md section 5): sorted by name, searched
 * case-insensitively and accent-insensitively on the name ("Zoë" is found by "zoe").
 */
import type { Approver } from "../domain/AccessRequest";

/**
 * `text` folded for searching: compatibility-decomposed (NFKD, so "ﬁ" reads "fi"), combining marks
 * removed (so "ë" reads "e"), then upper- and lower-cased, which folds case the way a user types
 * ("ß" and "ss" match, as do "ı" and "i"). Letters that are not a base letter plus a mark, such
 * as "ø", stay as they are.
 */
export const foldForSearch = (text: string): string =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").toUpperCase().toLowerCase();

// A fixed locale so that server, web and CLI sort the same way whatever the machine's locale.
const collator = new Intl.Collator("en", { sensitivity: "variant", numeric: true });

/**
 * Orders approvers by name (English collation, numbers in names compared as numbers), names that
 * collate equal by publicId, so that the order is total and the same everywhere.
 */
export const compareApprovers = (a: Approver, b: Approver): number =>
  collator.compare(a.name, b.name) || (a.publicId < b.publicId ? -1 : a.publicId > b.publicId ? 1 : 0);

/** The approvers sorted by name (a new array; the input is not changed). */
export const sortApprovers = (approvers: ReadonlyArray<Approver>): Approver[] => [...approvers].sort(compareApprovers);

/**
 * The approvers whose folded name contains the folded, trimmed query, sorted by name; all of them
 * for an empty query. Guarantees: the result is sorted and a subset of the input. Never fails.
 */
export const searchApprovers = (approvers: ReadonlyArray<Approver>, query: string): Approver[] => {
  const needle = foldForSearch(query.trim());
  return sortApprovers(needle === "" ? approvers : approvers.filter((a) => foldForSearch(a.name).includes(needle)));
};
