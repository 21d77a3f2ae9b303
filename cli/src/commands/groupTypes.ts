/**
 * `portal group-types list | add NAME [--color C] | rename ID NAME | remove ID | reorder ID...`.
 * Each command checks its input with core's rules first (the same code the server and the web
 * run), so a clash or a missing colour is reported before anything is sent; the server checks
 * again and is the authority.
 */
import type { Command } from "commander";
import { Effect, Result } from "effect";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { GroupType } from "@portal/core/domain/GroupType";
import { allPages } from "@portal/core/ports/PortalApi";
import { GroupTypeEntity } from "@portal/core/entities/OrderedTypeEntity";
import { checkTypeRemoval } from "@portal/core/usecases/checkTypeRemoval";
import { reorder } from "@portal/core/rules/ordering";
import { NotFound } from "@portal/core/errors";
import { InputRejected } from "../CliError";
import { openSession, type GlobalOptions, type Session } from "../config/session";
import type { Io } from "../io/Io";
import { run } from "../run";
import { formatTable, type Column } from "../ui/formatTable";

const COLUMNS: ReadonlyArray<Column<GroupType>> = [
  { heading: "ID", cell: (g) => g.publicId },
  { heading: "NAME", cell: (g) => g.name },
  { heading: "COLOR", cell: (g) => g.color ?? "" },
  { heading: "ORDER", cell: (g) => String(g.order) },
];

const listAll = (s: Session) =>
  run(allPages((pageAfter) => s.api.groupTypes.list({ fields: "color,name,order", pageSize: MAX_PAGE_SIZE, ...(pageAfter ? { pageAfter } : {}) })))
    .then((all) => [...all].sort((a, b) => a.order - b.order));

const find = (all: ReadonlyArray<GroupType>, publicId: string): GroupType => {
  const found = all.find((g) => g.publicId === publicId);
  if (!found) throw new NotFound({ entity: "GroupType", publicId });
  return found;
};

/** My rights in the selected company: the descriptor's rules read them (the colour needs manage:subgroups). */
const myRights = async (s: Session) => run(s.api.me.myRights(s.companyId));

/** Core's verdict as a thrown tagged error, with a hint where a CLI option fixes it. */
const orThrow = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isSuccess(result)) return result.success;
  const error = result.failure as { _tag: string; issues?: ReadonlyArray<{ message: string; propertyName?: string }> };
  if (error._tag === "InvalidInput" && error.issues) {
    const text = error.issues.map((i) => (i.propertyName === "color" ? `color: ${i.message} (pass --color #rrggbb)` : `${i.propertyName ?? "input"}: ${i.message}`));
    throw new InputRejected({ message: `Rejected: ${text.join("; ")}`, issues: error.issues });
  }
  throw result.failure;
};

async function show(io: Io, all: ReadonlyArray<GroupType>): Promise<void> {
  if (io.mode === "json") return io.json(all);
  // Ink loads only when a person watches: it costs most of the start-up time of a script's call.
  const { tableToString } = io.mode === "tty" ? await import("../ui/Table") : { tableToString: undefined };
  if (tableToString) return void io.stdout.write(`${tableToString({ columns: COLUMNS, rows: all, swatch: (g) => g.color, empty: "No group types." }, io.stdout.columns || 120)}\n`);
  for (const line of formatTable(COLUMNS, all)) io.line(line);
}

const done = (io: Io, text: string, value: Record<string, unknown>) => (io.mode === "json" ? io.json({ status: "success", ...value }) : io.line(text));

export function registerGroupTypes(program: Command, io: () => Io): void {
  const group = program.command("group-types").description("list and edit the group types of the selected company");
  const session = (cmd: Command) => openSession(cmd.optsWithGlobals() as GlobalOptions, io().env);

  group.command("list").description("list the group types in their order").action(async (_o, cmd: Command) => {
    await show(io(), await listAll(await session(cmd)));
  });

  group
    .command("add")
    .argument("<name>", "the new group type's name")
    .option("--color <color>", "its colour as #rrggbb (required when you hold manage:subgroups)")
    .description("add a group type at the end of the list")
    .action(async (name: string, opts: { color?: string }, cmd: Command) => {
      const s = await session(cmd);
      const [all, rights] = await Promise.all([listAll(s), myRights(s)]);
      const shown = GroupTypeEntity.controls(rights).color;
      const valid = orThrow(GroupTypeEntity.validate({ name, color: opts.color }, { others: all, rights }));
      const created = await run(s.api.groupTypes.add(valid));
      if (opts.color !== undefined && !shown) io().note("Note: --color was ignored: colours need the manage:subgroups right.");
      done(io(), `Added group type ${valid.name} (${created.publicId}).`, { publicId: created.publicId, name: valid.name });
    });

  group
    .command("rename")
    .argument("<id>", "publicId of the group type")
    .argument("<name>", "its new name")
    .description("rename a group type")
    .action(async (publicId: string, name: string, _o, cmd: Command) => {
      const s = await session(cmd);
      const [all, rights] = await Promise.all([listAll(s), myRights(s)]);
      const self = find(all, publicId);
      const valid = orThrow(GroupTypeEntity.validate({ name }, { others: all, rights, selfPublicId: publicId, colorUnchanged: true }));
      await run(s.api.groupTypes.update(publicId, { name: valid.name }));
      done(io(), `Renamed ${publicId} from ${self.name} to ${valid.name}.`, { publicId, name: valid.name });
    });

  group
    .command("remove")
    .argument("<id>", "publicId of the group type")
    .description("remove a group type (not the last one, nor one a group uses)")
    .action(async (publicId: string, _o, cmd: Command) => {
      const s = await session(cmd);
      const all = await listAll(s);
      const self = find(all, publicId);
      // One group is enough to know it is in use; the server asks again in its transaction.
      await run(checkTypeRemoval(GroupTypeEntity, all, publicId, Effect.map(s.api.groups.listByGroupType(publicId, { pageSize: 1 }), (p) => p.data.length)));
      await run(s.api.groupTypes.remove(publicId));
      done(io(), `Removed group type ${self.name} (${publicId}).`, { publicId });
    });

  group
    .command("reorder")
    .argument("<ids...>", "publicIds in their new order; types not named keep their order after them")
    .description("put group types in a new order (renumbered 0, 1000, 2000, ...)")
    .action(async (ids: string[], _o, cmd: Command) => {
      const s = await session(cmd);
      const all = await listAll(s);
      const twice = ids.find((id, i) => ids.indexOf(id) !== i);
      if (twice) throw new InputRejected({ message: `Rejected: ${twice} is named twice` });
      const named = ids.map((id) => find(all, id));
      const rest = all.filter((g) => !ids.includes(g.publicId));
      const ordered = reorder([...named, ...rest]);
      await run(s.api.groupTypes.updateMany(ordered.map((g) => ({ publicId: g.publicId, order: g.order }))));
      if (io().mode === "json") io().json(ordered);
      else await show(io(), ordered);
    });
}
