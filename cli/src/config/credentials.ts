/**
 * The credentials file: `$PORTAL_CONFIG_DIR/credentials.json` or
 * `~/.config/portal/credentials.json`, mode 0600 in a 0700 folder, holding the portal URL, the
 * selected company and the access token. A file readable by others is refused (like ssh does
 * with keys) rather than silently used: the secret in it may already have leaked.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync, renameSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { Schema } from "effect";
import { AccessToken } from "@portal/core/domain/AccessToken";
import { NotLoggedIn } from "../CliError";

export const Credentials = Schema.Struct({
  url: Schema.String,
  company: Schema.String,
  token: AccessToken,
});
export type Credentials = typeof Credentials.Type;

/** Where the credentials live for this environment. */
export const credentialsPath = (env: NodeJS.ProcessEnv = process.env): string =>
  join(env["PORTAL_CONFIG_DIR"] ?? join(homedir(), ".config", "portal"), "credentials.json");

/** Reads the file: undefined when there is none; NotLoggedIn (thrown) when it is unsafe or unreadable. */
export function readCredentials(path: string): Credentials | undefined {
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
  if ((mode & 0o077) !== 0) {
    throw new NotLoggedIn({
      message: `${path} is readable by others (mode ${mode.toString(8)}): run chmod 600 ${path}, or portal login again`,
    });
  }
  try {
    return Schema.decodeUnknownSync(Credentials)(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    throw new NotLoggedIn({ message: `${path} is not a valid credentials file: run portal login` });
  }
}

/** Writes the file atomically with mode 0600 (the temporary file is created 0600, never wider). */
export function writeCredentials(path: string, credentials: Credentials): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600); // the umask cannot widen it, but an existing file's mode would be kept
  renameSync(temporary, path);
}

/** Deletes the file; no error when there is none. */
export function removeCredentials(path: string): void {
  rmSync(path, { force: true });
}
