/**
 * The session a command runs in: portal URL, access token and selected company, taken from (in
 * this order) the command line (--url, --company), the environment (PORTAL_URL, PORTAL_TOKEN,
 * PORTAL_COMPANY) and the credentials file. PORTAL_TOKEN overrides the file's token.
 */
import { makePortalApiHttp } from "@portal/adapters/http/PortalApiHttp";
import type { PortalApiShape } from "@portal/core/ports/PortalApi";
import type { MyCompany } from "@portal/core/domain/Company";
import { InputRejected, NotLoggedIn, UsageError } from "../CliError";
import { run } from "../run";
import { credentialsPath, readCredentials, type Credentials } from "./credentials";

export interface GlobalOptions {
  readonly url?: string;
  readonly company?: string;
  readonly json?: boolean;
}

export type Api = ReturnType<typeof makePortalApiHttp>;

/** Per-request time limit of the CLI: large upsert batches may take a while on a busy server. */
const TIMEOUT_MS = 120_000;

/** The API adapter for a portal URL with a given secret and company (either may be unknown yet). */
export function apiFor(url: string, secret: string | null, companyId: string | null): Api {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new UsageError({ message: `Not a URL: ${url}` });
  }
  return makePortalApiHttp({
    baseUrl: base.toString(),
    brandingHost: base.hostname,
    session: { secret: () => secret, companyId: () => companyId },
    timeoutMs: TIMEOUT_MS,
  });
}

/** The URL the options and environment name, before falling back to the file. */
export const urlFrom = (options: GlobalOptions, env: NodeJS.ProcessEnv, file?: Credentials): string | undefined =>
  options.url ?? env["PORTAL_URL"] ?? file?.url;

/** Finds a company of the user by publicId or by name (case-insensitive). */
export function pickCompany(companies: ReadonlyArray<MyCompany>, wanted: string | undefined): MyCompany {
  if (wanted === undefined) {
    const first = companies[0];
    if (!first) throw new InputRejected({ message: "Your account belongs to no company" });
    return first;
  }
  const found = companies.find((c) => c.publicId === wanted) ?? companies.find((c) => c.name.toLowerCase() === wanted.toLowerCase());
  if (!found) {
    throw new InputRejected({
      message: `Company ${wanted} is not one of yours (${companies.map((c) => `${c.publicId} ${c.name}`).join(", ") || "none"})`,
    });
  }
  return found;
}

export interface Session {
  readonly url: string;
  readonly companyId: string;
  readonly api: PortalApiShape;
}

/** The signed-in session for a command that calls the API. Throws NotLoggedIn / UsageError. */
export async function openSession(options: GlobalOptions, env: NodeJS.ProcessEnv): Promise<Session> {
  const envToken = env["PORTAL_TOKEN"];
  // With PORTAL_TOKEN the file is only a source of defaults; an unsafe file still stops us.
  const file = readCredentials(credentialsPath(env));
  const url = urlFrom(options, env, file);
  if (url === undefined) throw new UsageError({ message: "No portal URL: pass --url or set PORTAL_URL (or run portal login)" });
  if (envToken === undefined && file !== undefined && url !== file.url) {
    throw new NotLoggedIn({ message: `Not logged in to ${url} (the saved login is for ${file.url}): run portal login --url ${url}` });
  }
  const secret = envToken ?? file?.token.secretId;
  if (secret === undefined || secret === "") throw new NotLoggedIn({ message: "Not logged in: run portal login or set PORTAL_TOKEN" });
  const wanted = options.company ?? env["PORTAL_COMPANY"];
  let companyId = wanted ?? file?.company;
  if (companyId === undefined || wanted !== undefined) {
    // A name, or no company at all: ask the API which companies the token may use.
    const companies = await run(apiFor(url, secret, null).me.myCompanies());
    companyId = pickCompany(companies, wanted).publicId;
  }
  return { url, companyId, api: apiFor(url, secret, companyId) };
}
