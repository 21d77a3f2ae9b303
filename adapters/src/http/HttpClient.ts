/**
 * The HTTP transport of PortalApiHttp over ky: resolves URLs by rel from discovery (`GET /api/`),
 * adds the headers of api.md (Api-Version, Bearer, Api-Company, Api-Branding), unwraps and
 * decodes the success envelope with core's Schemas, and turns a failed call into core's tagged
 * errors (status + error.data) through core's errorStatus table. It never throws: every failure
 * travels in the Effect's error channel, and observers (connectivity) are told about it.
 */
import { Effect, Exit, Schema } from "effect";
import ky, { type KyInstance } from "ky";
import { API_VERSION } from "@portal/core/constants";
import { DEVICE_ID_HEADER } from "@portal/core/domain/Account";
import { decodeSuccess, issuesOfErrorBody } from "@portal/core/wire/envelope";
import type { EndpointAt, EndpointKey } from "@portal/core/wire/routes";
import { endpointIn, expandHref, type DiscoveryLink, type HttpMethod } from "@portal/core/wire/routeSpec";
import { SESSION_ROUTES } from "@portal/core/wire/sessionRoutes";
import type { SuccessOf } from "@portal/core/wire/endpoint";
import { issuesFromSchemaError } from "@portal/core/wire/schemaIssues";
import { ApiUnavailable, InvalidInput } from "@portal/core/errors";
import { errorFromResponse, type PortalError, type ResponseContext } from "@portal/core/wire/errorStatus";

/** Every failure of a call: core's tagged errors. */
export type ClientError = PortalError;

/** Where the adapter reads the session it sends: the Bearer secret and the selected company. */
export interface HttpSession {
  readonly secret: () => string | null;
  readonly companyId: () => string | null;
  /** The browser id kept in client storage, sent as Api-Device-Id (trusted devices); absent: none. */
  readonly deviceId?: () => string | null;
}

export interface HttpClientOptions {
  /** Origin of the portal, e.g. `window.location.origin`; `/api/` is resolved against it. */
  readonly baseUrl: string;
  /** Value of the Api-Branding header (see brandingHost). */
  readonly brandingHost: string;
  readonly session: HttpSession;
  /** Per-request time limit; a timed-out call counts as unreachable (status 0). */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** Told about every failed call after it is mapped (connectivity, snackbars). */
  readonly onFailure?: (error: ClientError) => void;
  /** Told about every answered call (lets connectivity know the API is back). */
  readonly onResponse?: (status: number) => void;
}

export type Authorization = "session" | "none" | { readonly basic: string } | { readonly bearer: string };

export interface CallOptions {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | number | ReadonlyArray<string>>>;
  readonly json?: unknown;
  /** "session" (default) sends the stored Bearer secret when there is one. */
  readonly auth?: Authorization;
  /** Send Api-Company: true for the session's selected company, or a given company id. */
  readonly company?: boolean | string;
  /** Send Api-Branding: true for the page's host, or a given host. */
  readonly branding?: boolean | string;
  /** What the caller knows about the target, to fill details the error body does not carry. */
  readonly context?: ResponseContext;
}

export interface Page<A> {
  readonly data: A;
  readonly moreAfter: string | null;
}

export class HttpClient {
  private readonly ky: KyInstance;
  private links: Map<string, DiscoveryLink> | null = null;
  /** The discovery request in flight: callers at the same moment (a page's first calls) share it. */
  private discovering: Promise<Exit.Exit<ReadonlyArray<DiscoveryLink>, ClientError>> | null = null;

  constructor(private readonly options: HttpClientOptions) {
    this.ky = ky.create({
      retry: 0,
      timeout: options.timeoutMs ?? 30_000,
      throwHttpErrors: false,
      // API answers are live data: never from the browser's HTTP cache (a stale 200 would also
      // hide that the API is down).
      cache: "no-store",
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /**
   * Loads the discovery document once; later calls reuse it, and calls made while it loads wait
   * for the same request. A failure is not kept: the next call asks again. Fails with
   * ApiUnavailable or ApiFailure.
   */
  discover(): Effect.Effect<ReadonlyArray<DiscoveryLink>, ClientError> {
    if (this.links !== null) return Effect.succeed([...this.links.values()]);
    const load = this.send("GET", new URL("/api/", this.options.baseUrl).toString(), { auth: "none" }).pipe(
      Effect.flatMap((body) => decodeBody(DiscoverySchema, body)),
      Effect.map((page) => {
        this.links = new Map(page.data.map((l) => [l.rel, l]));
        return page.data;
      }),
    );
    return Effect.promise(() => (this.discovering ??= Effect.runPromiseExit(load).finally(() => {
      this.discovering = null;
    }))).pipe(Effect.flatMap((exit) => Exit.isSuccess(exit) ? Effect.succeed(exit.value) : Effect.failCause(exit.cause)));
  }

  /** Calls the endpoint named by `rel` and decodes the envelope's data with `schema`. */
  call<S extends Schema.Decoder<unknown>>(
    rel: string, method: HttpMethod, schema: S, options: CallOptions = {},
  ): Effect.Effect<Page<S["Type"]>, ClientError> {
    return this.url(rel, method, options).pipe(
      Effect.flatMap((url) => this.send(method, url, options)),
      Effect.flatMap((body) => decodeBody(schema, body)),
    );
  }

  /**
   * Calls an endpoint of core's route table by its key ("GroupTypeList.POST"): the body is
   * checked with the endpoint's payload schema before it is sent (bad input fails here, naming
   * the field, as the server would), and the answer is decoded with its success schema, so the
   * client and the server read one contract.
   */
  endpoint<K extends EndpointKey>(key: K, options: CallOptions = {}): Effect.Effect<Page<SuccessOf<EndpointAt<K>>>, ClientError> {
    const [rel, method] = key.split(".") as [string, HttpMethod];
    const session = endpointIn(SESSION_ROUTES, rel, method);
    // The rest of the table (every schema of the contract) loads on the first call that needs it,
    // so the sign-in page does not carry it; a table that cannot load means the server is gone.
    const found = session !== undefined
      ? Effect.succeed(session)
      : Effect.tryPromise({ try: () => import("@portal/core/wire/routes"), catch: () => new ApiUnavailable({ status: 0 }) }).pipe(
        Effect.tapError((error) => Effect.sync(() => this.options.onFailure?.(error))),
        Effect.map((routes) => routes.endpointOf(rel, method)),
      );
    return Effect.flatMap(found, (spec): Effect.Effect<Page<SuccessOf<EndpointAt<K>>>, ClientError> => {
      if (!spec) return Effect.fail(new InvalidInput({ issues: [{ message: `The contract has no ${key}` }] }));
      const { payload, bulk, success } = spec.endpoint;
      if (payload !== undefined && options.json !== undefined) {
        const items = bulk && Array.isArray(options.json) ? options.json : [options.json];
        const check = Schema.decodeUnknownResult(payload as Schema.Decoder<unknown>);
        for (let i = 0; i < items.length; i++) {
          const result = check(items[i]);
          if (result._tag === "Failure") {
            const issues = issuesFromSchemaError(result.failure).map((issue) => (bulk && Array.isArray(options.json) ? { ...issue, listIndex: i } : issue));
            return Effect.fail(new InvalidInput({ issues }));
          }
        }
      }
      return this.call(rel, method, success as Schema.Decoder<SuccessOf<EndpointAt<K>>>, options);
    });
  }

  /** Like `call` for answers whose data the caller does not need (DELETE, fire-and-forget). */
  callVoid(rel: string, method: HttpMethod, options: CallOptions = {}): Effect.Effect<void, ClientError> {
    return this.url(rel, method, options).pipe(
      Effect.flatMap((url) => this.send(method, url, options)),
      Effect.asVoid,
    );
  }

  /**
   * Downloads the file a raw GET endpoint answers (an export): the body as a Blob and the file
   * name of its Content-Disposition (else `fallbackName`). No time-out: a large export may take
   * long, and the server streams it. Errors as for `call`.
   */
  download(rel: string, fallbackName: string, options: CallOptions = {}): Effect.Effect<{ fileName: string; file: Blob }, ClientError> {
    const { onFailure, onResponse } = this.options;
    return this.url(rel, "GET", options).pipe(
      Effect.flatMap((url) => Effect.tryPromise({
        try: () => this.ky(url, { method: "GET", headers: { ...this.headers(options), Accept: "*/*" }, timeout: false }),
        catch: () => new ApiUnavailable({ status: 0 }),
      })),
      Effect.flatMap((response) => {
        onResponse?.(response.status);
        if (response.status < 200 || response.status >= 300) {
          return Effect.flatMap(Effect.promise(() => response.text().catch(() => "")), (text) =>
            Effect.fail<ClientError>(errorFromResponse(response.status, issuesOfErrorBody(parseJson(text)), { ...options.context, retryAfter: response.headers.get("Retry-After") })));
        }
        const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
        return Effect.tryPromise({ try: () => response.blob(), catch: () => new ApiUnavailable({ status: 0 }) }).pipe(
          Effect.map((file) => ({ fileName: named ?? fallbackName, file })),
        );
      }),
      Effect.tapError((error) => Effect.sync(() => onFailure?.(error))),
    );
  }

  /** Request headers for a call; exposed for streaming calls (SSE) that bypass ky. */
  headers(options: CallOptions): Record<string, string> {
    const h: Record<string, string> = { "Api-Version": API_VERSION, Accept: "application/json" };
    const auth = options.auth ?? "session";
    if (auth === "session") {
      const secret = this.options.session.secret();
      if (secret !== null) h.Authorization = `Bearer ${secret}`;
    } else if (auth !== "none") {
      h.Authorization = "basic" in auth ? `Basic ${auth.basic}` : `Bearer ${auth.bearer}`;
    }
    const company = typeof options.company === "string" ? options.company : options.company ? this.options.session.companyId() : null;
    if (company !== null) h["Api-Company"] = company;
    const deviceId = this.options.session.deviceId?.() ?? null;
    if (deviceId !== null) h[DEVICE_ID_HEADER] = deviceId;
    if (options.branding !== undefined && options.branding !== false) {
      h["Api-Branding"] = typeof options.branding === "string" ? options.branding : this.options.brandingHost;
    }
    return h;
  }

  private url(rel: string, method: HttpMethod, options: CallOptions): Effect.Effect<string, ClientError> {
    return this.discover().pipe(
      Effect.flatMap(() => {
        const link = this.links?.get(rel);
        if (link === undefined || !link.methods.includes(method)) {
          return Effect.fail<ClientError>(new InvalidInput({ issues: [{ message: `The API offers no ${method} ${rel}` }] }));
        }
        const url = new URL(expandHref(link.href, options.params), this.options.baseUrl);
        for (const [k, v] of Object.entries(options.query ?? {})) {
          for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(one));
        }
        return Effect.succeed(url.toString());
      }),
    );
  }

  private send(method: HttpMethod, url: string, options: CallOptions): Effect.Effect<unknown, ClientError> {
    const { onFailure, onResponse } = this.options;
    return Effect.tryPromise({
      try: async () => {
        const response = await this.ky(url, {
          method,
          headers: this.headers(options),
          ...(options.json === undefined ? {} : { json: options.json }),
        });
        const text = await response.text();
        return { status: response.status, body: parseJson(text), retryAfter: response.headers.get("Retry-After") };
      },
      // fetch rejects (refused, DNS, offline, timed out): the API could not be reached.
      catch: () => new ApiUnavailable({ status: 0 }),
    }).pipe(
      Effect.flatMap(({ status, body, retryAfter }) => {
        onResponse?.(status);
        if (status >= 200 && status < 300) return Effect.succeed(body);
        return Effect.fail(errorFromResponse(status, issuesOfErrorBody(body), { ...options.context, retryAfter }));
      }),
      Effect.tapError((error) => Effect.sync(() => onFailure?.(error))),
    );
  }
}

const DiscoverySchema = Schema.Array(
  Schema.Struct({ rel: Schema.String, href: Schema.String, methods: Schema.Array(Schema.Literals(["GET", "POST", "PATCH", "PUT", "DELETE"])) }),
);

function decodeBody<S extends Schema.Decoder<unknown>>(schema: S, body: unknown): Effect.Effect<Page<S["Type"]>, ClientError> {
  const result = decodeSuccess(schema)(body);
  return result._tag === "Success"
    ? Effect.succeed({ data: result.success.data, moreAfter: result.success.moreAfter })
    : Effect.fail(result.failure);
}

function parseJson(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
