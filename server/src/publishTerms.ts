/**
 * `tsx src/publishTerms.ts --body <html> [--company <publicId>] [--own]`: publishes a new
 * terms-of-use version on the database of DATABASE_URL (or the embedded one under DATA_DIR) while
 * the terms builder does not exist yet: the sector terms of the company (the first company when
 * none is named), or with --own that company's custom terms. Users see the terms alert until they
 * accept it. Run it while the server is stopped when the database is the embedded one.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "./db/Database";
import { publishTermsOfUse } from "./seed/publishTermsOfUse";

const { values } = parseArgs({ options: { body: { type: "string" }, company: { type: "string" }, own: { type: "boolean" } } });
if (!values.body) {
  console.error("usage: tsx src/publishTerms.ts --body <html> [--company <publicId>] [--own]");
  process.exit(2);
}
const url = process.env["DATABASE_URL"];
const database = await openDatabase(url ? { kind: "postgres", url }
  : { kind: "pglite", dataDir: resolve(process.env["INIT_CWD"] ?? process.cwd(), process.env["DATA_DIR"] ?? "../data") });
try {
  const publicId = await publishTermsOfUse(database.db, values.company ?? null, values.body, { own: values.own === true });
  console.log(`Published terms of use ${publicId}`);
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
