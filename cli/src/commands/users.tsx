/**
 * `portal users list [--search TEXT] [--sort name|email]`, `users export [-o FILE]`,
 * `users invite EMAIL... --role ROLE [--expires-on DATE]` and `users import FILE [--dry-run]`.
 * The file is CSV with the header email,name,role,expiresOn; every row is judged by core's
 * checkUserRows before anything is sent, and a file with one bad row writes nothing. The import
 * is ONE bulk call (one transaction on the server): all rows are invited, or none.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { CompanyUser } from "@portal/core/domain/CompanyUser";
import { messageText } from "@portal/core/messages/messages";
import { allPages } from "@portal/core/ports/PortalApi";
import { checkUserRows, INVITES_MAX_PER_CALL, type UserRow } from "@portal/core/rules/users";
import { readUsersCsv, usersCsv } from "@portal/adapters/files/usersFile";
import { InputRejected, LocalFault, UsageError } from "../CliError";
import { openSession, type GlobalOptions, type Session } from "../config/session";
import type { Io } from "../io/Io";
import { run } from "../run";
import { formatTable, type Column } from "../ui/formatTable";
import type { ProgressState } from "../import/importTranslations";

const lastDay = (iso: string | null): string => (iso === null ? "" : new Date(Date.parse(iso) - 1).toISOString().slice(0, 10));

const COLUMNS: ReadonlyArray<Column<CompanyUser>> = [
  { heading: "EMAIL", cell: (u) => u.email },
  { heading: "NAME", cell: (u) => u.name },
  { heading: "ROLE", cell: (u) => u.role?.name ?? "" },
  { heading: "UNTIL", cell: (u) => lastDay(u.expiresOn) },
];

const sortOption = (value: string | undefined): "name" | "email" | undefined => {
  if (value === undefined || value === "name" || value === "email") return value;
  throw new UsageError({ message: `--sort must be name or email, not ${value}` });
};

const everyone = (s: Session, request: { search?: string; sort?: "name" | "email" } = {}) =>
  run(allPages((after) => s.api.users.list({ ...request, pageSize: MAX_PAGE_SIZE, ...(after ? { pageAfter: after } : {}) })));

/**
 * The roles to resolve names with: the company's roles list (GET roles), so that a role nobody
 * holds yet can be given too.
 */
const companyRoles = async (s: Session) =>
  (await run(allPages((after) => s.api.roles.list({ pageSize: MAX_PAGE_SIZE, ...(after ? { pageAfter: after } : {}) }))))
    .map((r) => ({ publicId: r.publicId, name: r.name }));

async function list(io: Io, options: GlobalOptions & { search?: string; sort?: string }): Promise<void> {
  const session = await openSession(options, io.env);
  const sort = sortOption(options.sort);
  const users = await everyone(session, { ...(options.search ? { search: options.search } : {}), ...(sort ? { sort } : {}) });
  if (io.mode === "json") return io.json(users);
  for (const line of formatTable(COLUMNS, users)) io.line(line);
}

async function exportUsers(io: Io, options: GlobalOptions & { output?: string }): Promise<void> {
  const session = await openSession(options, io.env);
  const users = await everyone(session, { sort: "email" });
  const text = usersCsv(users.map((u) => ({ email: u.email, name: u.name, role: u.role?.name ?? "", expiresOn: lastDay(u.expiresOn) })));
  if (!options.output) return void io.stdout.write(text);
  try {
    writeFileSync(options.output, text, { mode: 0o644 });
  } catch (e) {
    throw new LocalFault({ message: `Cannot write ${options.output}: ${(e as Error).message}` });
  }
  if (io.mode === "json") io.json({ status: "success", exported: users.length, output: options.output });
  else io.note(`Exported ${users.length} users to ${options.output}.`);
}

/** The rows' verdicts as lines (or one JSON object), then InputRejected when any row failed. */
function report(io: Io, verdicts: ReadonlyArray<{ row: UserRow; issues: ReadonlyArray<{ message: string; propertyName?: string }> }>, dryRun: boolean, written: boolean): void {
  const bad = verdicts.filter((v) => v.issues.length > 0);
  const rows = verdicts.map((v) => ({
    line: v.row.line, email: v.row.email,
    result: v.issues.length > 0 ? "rejected" : written ? "invited" : dryRun ? "would invite" : "not sent",
    issues: v.issues.map((i) => ({ ...(i.propertyName ? { propertyName: i.propertyName } : {}), message: messageText(i.message) })),
  }));
  if (bad.length > 0) {
    if (io.mode !== "json") for (const r of rows) io.note(`line ${r.line} ${r.email}: ${r.result}${r.issues.length ? ` - ${r.issues.map((i) => `${i.propertyName ? `${i.propertyName}: ` : ""}${i.message}`).join("; ")}` : ""}`);
    throw new InputRejected({
      message: `${bad.length} of ${verdicts.length} rows rejected; nothing was written`,
      issues: bad.flatMap((v) => v.issues.map((i) => ({ ...i, message: messageText(i.message), line: v.row.line }))),
    });
  }
  if (io.mode === "json") return io.json({ status: "success", dryRun, invited: written ? rows.length : 0, rows });
  for (const r of rows) io.line(`line ${r.line} ${r.email}: ${r.result}`);
  io.line(dryRun ? `Dry run: would invite ${rows.length} users; nothing was written.` : `Invited ${rows.length} users in one transaction.`);
}

/** A bar on a terminal (Ink), nothing otherwise. */
async function progressFor(io: Io, total: number) {
  if (io.mode !== "tty") return { done: () => undefined };
  const [{ render }, { ImportProgress }] = await Promise.all([import("ink"), import("../ui/ImportProgress")]);
  const state: ProgressState = { phase: "writing", done: 0, total, batch: 1, batches: 1, added: 0, changed: 0, unchanged: 0 };
  const ink = render(<ImportProgress {...state} />, { stdout: io.stderr, patchConsole: false });
  return {
    done: (ok = true) => {
      ink.rerender(<ImportProgress {...state} done={ok ? total : 0} added={ok ? total : 0} />);
      ink.unmount();
    },
  };
}

async function sendInvites(io: Io, session: Session, rows: ReadonlyArray<UserRow>, dryRun: boolean): Promise<void> {
  const verdicts = checkUserRows(rows, await companyRoles(session), Date.now());
  if (verdicts.some((v) => v.issues.length > 0) || dryRun) return report(io, verdicts, dryRun, false);
  if (rows.length > INVITES_MAX_PER_CALL * 10) throw new UsageError({ message: `At most ${INVITES_MAX_PER_CALL * 10} rows per import` });
  const progress = await progressFor(io, rows.length);
  try {
    await run(session.api.users.invite(verdicts.map((v) => ({
      email: v.row.email.trim(), role: { publicId: v.rolePublicId! },
      ...(v.row.name.trim() ? { name: v.row.name.trim() } : {}), ...(v.row.expiresOn.trim() ? { expiresOn: v.row.expiresOn.trim() } : {}),
    }))));
    progress.done(true);
  } catch (e) {
    progress.done(false);
    // The server's refusals (ALREADY_A_MEMBER, ALREADY_INVITED) name the row by listIndex: report them as the file's rows.
    const issues = (e as { issues?: ReadonlyArray<{ message: string; propertyName?: string; listIndex?: number }> }).issues;
    if (issues && issues.some((i) => i.listIndex !== undefined)) {
      return report(io, verdicts.map((v, i) => ({ row: v.row, issues: issues.filter((x) => x.listIndex === i) })), false, false);
    }
    throw e;
  }
  report(io, verdicts, false, true);
}

async function importUsers(io: Io, path: string, options: GlobalOptions & { dryRun?: boolean }): Promise<void> {
  const session = await openSession(options, io.env);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new LocalFault({ message: `Cannot read ${path}: ${(e as Error).message}` });
  }
  const read = readUsersCsv(text);
  if ("problem" in read) throw new InputRejected({ message: `line ${read.problem.line}: ${read.problem.message}`, issues: [{ message: read.problem.message, line: read.problem.line }] });
  if (read.rows.length === 0) throw new InputRejected({ message: "The file has no users after its header" });
  await sendInvites(io, session, read.rows, options.dryRun === true);
}

async function invite(io: Io, emails: string[], options: GlobalOptions & { role?: string; expiresOn?: string; dryRun?: boolean }): Promise<void> {
  if (!options.role) throw new UsageError({ message: "--role is required (a role's name or publicId)" });
  const session = await openSession(options, io.env);
  await sendInvites(io, session, emails.map((email, i) => ({ line: i + 1, email, name: "", role: options.role!, expiresOn: options.expiresOn ?? "" })), options.dryRun === true);
}

export function registerUsers(program: Command, io: () => Io): void {
  const group = program.command("users").description("list, export, invite and import the users of the selected company");
  group.command("list").description("the company's members")
    .option("--search <text>", "only members whose name or e-mail contains this (any case)")
    .option("--sort <column>", "name (default) or email")
    .action(async (_o, cmd: Command) => list(io(), cmd.optsWithGlobals()));
  group.command("export").description("every member as CSV (email,name,role,expiresOn) to stdout or --output FILE")
    .option("-o, --output <file>", "write to this file instead of stdout")
    .action(async (_o, cmd: Command) => exportUsers(io(), cmd.optsWithGlobals()));
  group.command("invite").argument("<emails...>", "one or more addresses").description("invite addresses with one role, in one transaction")
    .option("--role <role>", "the role's name or publicId")
    .option("--expires-on <date>", "temporary access until this date (YYYY-MM-DD)")
    .option("--dry-run", "check and print; send nothing")
    .action(async (emails: string[], _o, cmd: Command) => invite(io(), emails, cmd.optsWithGlobals()));
  group.command("import").argument("<file>", "CSV with the header email,name,role,expiresOn")
    .description("invite every row in ONE transaction; any bad row (checked first) writes nothing")
    .option("--dry-run", "report each row's verdict; send nothing")
    .action(async (file: string, _o, cmd: Command) => importUsers(io(), file, cmd.optsWithGlobals()));
}
