/**
 * `tsx src/createAdmin.ts --email <email> --password <password> [--name <name>]`: creates an
 * administrator on the database of DATABASE_URL (or the embedded one under DATA_DIR), applying
 * migrations first. For PostgreSQL servers, where no demo users exist.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "./db/Database";
import { createAdministrator } from "./seed/createAdministrator";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });
if (!values.email || !values.password) {
  console.error("usage: tsx src/createAdmin.ts --email <email> --password <password> [--name <name>]");
  process.exit(2);
}
const url = process.env["DATABASE_URL"];
const database = await openDatabase(url ? { kind: "postgres", url }
  : { kind: "pglite", dataDir: resolve(process.env["INIT_CWD"] ?? process.cwd(), process.env["DATA_DIR"] ?? "../data") });
try {
  const created = await createAdministrator(database.db, { email: values.email, password: values.password, ...(values.name ? { name: values.name } : {}) });
  console.log(`Administrator ${values.email} (${created.userPublicId}) of company ${created.companyPublicId}`);
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
