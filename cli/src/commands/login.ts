/**
 * `portal login` and `portal logout`. Login signs in with email, password and (when the server
 * answers TWO_FACTOR_REQUIRED) a one-time code, and keeps the token in the credentials file
 * (mode 0600). With PORTAL_TOKEN set and no --email it only checks that token.
 */
import type { Command } from "commander";
import { Effect } from "effect";
import { Unauthenticated } from "@portal/core/errors";
import type { AccessToken } from "@portal/core/domain/AccessToken";
import { ACCESS_TOKEN_MAX_SECONDS, ACCESS_TOKEN_MIN_SECONDS } from "@portal/core/constants";
import { UsageError } from "../CliError";
import { credentialsPath, readCredentials, removeCredentials, writeCredentials, type Credentials } from "../config/credentials";
import { apiFor, pickCompany, urlFrom, type GlobalOptions } from "../config/session";
import type { Io } from "../io/Io";
import { linePrompter, terminalPrompter, type Prompter } from "../io/prompt";
import { run } from "../run";

/** Lifetime of a CLI token when --expires-in is not given: a working week of scripting. */
export const DEFAULT_TOKEN_SECONDS = 7 * 24 * 3600;
const TWO_FACTOR_REQUIRED = "TWO_FACTOR_REQUIRED";

interface LoginOptions extends GlobalOptions {
  readonly email?: string;
  readonly passwordStdin?: boolean;
  readonly otp?: string;
  readonly expiresIn?: string;
}

/** The file's content when it is usable; login and logout must work past a broken file. */
const fileOrNothing = (path: string): Credentials | undefined => {
  try {
    return readCredentials(path);
  } catch {
    return undefined;
  }
};

const needsCode = (e: unknown): boolean => e instanceof Unauthenticated && e.reason === TWO_FACTOR_REQUIRED;

export async function login(io: Io, options: LoginOptions): Promise<void> {
  const path = credentialsPath(io.env);
  const url = urlFrom(options, io.env, fileOrNothing(path));
  if (url === undefined) throw new UsageError({ message: "No portal URL: pass --url or set PORTAL_URL" });
  const expiresIn = Number(options.expiresIn ?? DEFAULT_TOKEN_SECONDS);
  if (!Number.isInteger(expiresIn) || expiresIn < ACCESS_TOKEN_MIN_SECONDS || expiresIn > ACCESS_TOKEN_MAX_SECONDS) {
    throw new UsageError({ message: `--expires-in must be whole seconds from ${ACCESS_TOKEN_MIN_SECONDS} to ${ACCESS_TOKEN_MAX_SECONDS}` });
  }

  const envToken = io.env["PORTAL_TOKEN"];
  if (envToken && options.email === undefined) {
    const companies = await run(apiFor(url, envToken, null).me.myCompanies());
    const company = pickCompany(companies, options.company ?? io.env["PORTAL_COMPANY"]);
    if (io.mode === "json") io.json({ status: "success", url, source: "PORTAL_TOKEN", company: { publicId: company.publicId, name: company.name } });
    else io.line(`PORTAL_TOKEN is valid at ${url} for ${company.name} (${company.publicId}); nothing saved, it overrides the credentials file.`);
    return;
  }

  const interactive = io.stdin.isTTY === true && !options.passwordStdin;
  const prompter: Prompter = interactive ? terminalPrompter(io.stdin, io.stderr) : linePrompter(io.stdin);
  try {
    const email = options.email ?? (interactive ? (await prompter.ask("Email: ")).trim() : undefined);
    if (!email) throw new UsageError({ message: "No email: pass --email" });
    const password = await prompter.ask("Password: ", { hidden: true });
    const api = apiFor(url, null, null);
    const mint = (otp: string) => run(api.auth.createAccessToken({ kind: "password", email, otp, password }, expiresIn));
    let token: AccessToken;
    try {
      token = await mint(options.otp ?? "");
    } catch (e) {
      if (!needsCode(e) || options.otp !== undefined) throw e;
      const otp = (await prompter.ask("One-time code: ").catch((cause: unknown) => {
        // A script that piped only the password: say what is missing and both ways to give it.
        if (interactive || !(cause instanceof UsageError)) throw cause;
        throw new UsageError({
          message: `${email} signs in with two-factor authentication: give the one-time code with --otp CODE or on the line after the password`,
        });
      })).trim();
      token = await mint(otp);
    }
    const companies = await run(apiFor(url, token.secretId, null).me.myCompanies());
    const company = pickCompany(companies, options.company ?? io.env["PORTAL_COMPANY"]);
    writeCredentials(path, { url, company: company.publicId, token });
    if (io.mode === "json") {
      io.json({ status: "success", url, email, company: { publicId: company.publicId, name: company.name }, expiresOn: token.expiresOn, credentials: path });
    } else {
      io.line(`Logged in to ${url} as ${email}, company ${company.name} (${company.publicId}); the token expires ${token.expiresOn}.`);
    }
  } finally {
    prompter.close();
  }
}

export async function logout(io: Io, options: GlobalOptions): Promise<void> {
  const path = credentialsPath(io.env);
  const file = fileOrNothing(path);
  let revoked = false;
  if (file) {
    const api = apiFor(options.url ?? file.url, file.token.secretId, null);
    // An expired or already revoked token cannot be ended again; the file goes either way.
    const outcome = await Effect.runPromise(Effect.result(api.auth.deleteAccessToken(file.token.publicId)));
    if (outcome._tag === "Failure" && !["Unauthenticated", "NotFound"].includes(outcome.failure._tag)) {
      removeCredentials(path);
      throw outcome.failure;
    }
    revoked = outcome._tag === "Success";
  }
  removeCredentials(path);
  const stillEnv = Boolean(io.env["PORTAL_TOKEN"]);
  if (io.mode === "json") io.json({ status: "success", loggedOut: file !== undefined, tokenRevoked: revoked, portalTokenStillSet: stillEnv });
  else io.line(file ? `Logged out of ${file.url}${revoked ? "" : " (the token had already ended)"}.` : "Not logged in; nothing to do.");
  if (stillEnv) io.note("Note: PORTAL_TOKEN is still set in the environment and keeps working until it expires.");
}

export function registerLogin(program: Command, io: () => Io): void {
  program
    .command("login")
    .description("sign in and keep the token in the credentials file (mode 0600)")
    .option("--email <email>", "the account's email")
    .option("--password-stdin", "read the password (and a one-time code on the next line) from stdin")
    .option("--otp <code>", "the one-time code, when two-factor is enrolled")
    .option("--expires-in <seconds>", `token lifetime in seconds (default ${DEFAULT_TOKEN_SECONDS})`)
    .action(async (_opts, cmd: Command) => login(io(), cmd.optsWithGlobals()));
  program
    .command("logout")
    .description("end the saved token and delete the credentials file")
    .action(async (_opts, cmd: Command) => logout(io(), cmd.optsWithGlobals()));
}
