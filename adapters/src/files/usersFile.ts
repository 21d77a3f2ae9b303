/**
 * Reading and writing a users CSV file (issue 11, `portal users import|export`): a header
 * `email,name,role,expiresOn` (any order, any case), one user per record, RFC 4180 quoting. The
 * rows are judged by core's checkUserRows; this file only tokenises (csv-parse, via readCsv's
 * record reader so that lines are named the same way as for translation files).
 */
import { parse as parseCsv, type Info } from "csv-parse/sync";
import { USERS_CSV_HEADER, type UserRow } from "@portal/core/rules/users";
import { csvLine } from "./csvLine";

/** The rows of a users file, or the reason it cannot be read (with its line). */
export type UsersFileRead = { readonly rows: ReadonlyArray<UserRow> } | { readonly problem: { readonly line: number; readonly message: string } };

/** Tokenises a users CSV text; a missing `email` or `role` column makes the file unreadable. */
export function readUsersCsv(text: string): UsersFileRead {
  let records: Array<{ record: string[]; info: Info }>;
  try {
    records = parseCsv(text, { bom: true, record_delimiter: ["\r\n", "\n"], relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (e) {
    const error = e as { lines?: number; message?: string };
    return { problem: { line: error.lines ?? 1, message: `The CSV file cannot be read: ${error.message ?? String(e)}` } };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [] };
  const columns = header.record.map((c) => c.trim().toLowerCase());
  const at = (name: string) => columns.indexOf(name.toLowerCase());
  for (const needed of ["email", "role"]) {
    if (at(needed) < 0) return { problem: { line: 1, message: `The header needs the columns ${USERS_CSV_HEADER.join(",")}; ${needed} is missing` } };
  }
  const cell = (r: string[], name: string) => (at(name) >= 0 ? r[at(name)] ?? "" : "");
  return {
    rows: body.map(({ record, info }) => ({
      // info.lines is the line the record ends on; a users record has no line breaks inside in practice.
      line: info.lines, email: cell(record, "email"), name: cell(record, "name"), role: cell(record, "role"), expiresOn: cell(record, "expiresOn"),
    })),
  };
}

/** The file's text for members: the header, then one line each. */
export const usersCsv = (users: ReadonlyArray<{ email: string; name: string; role: string; expiresOn: string }>): string =>
  csvLine([...USERS_CSV_HEADER]) + users.map((u) => csvLine([u.email, u.name, u.role, u.expiresOn])).join("");
