/**
 * What every answer carries for the browser's safety, and how the built web app is served.
 *
 * - Security headers from helmet (the maintained header library behind @fastify/helmet): a
 *   strict Content-Security-Policy (scripts and styles only from this origin, no inline script but
 *   the built index.html's boot script, allowed by its hash; no framing), X-Frame-Options DENY, nosniff, Referrer-Policy, and HSTS on TLS requests only
 *   (over plain HTTP it would be ignored, and on localhost it would pin the name to HTTPS).
 *   helmet runs once at start (securityHeaders): @fastify/helmet runs it on every request.
 * - `Cache-Control: no-store` on every API answer that sets no policy of its own: answers are
 *   per user, and some carry secrets (token secrets, TOTP secrets, backup codes).
 * - Static files: brotli/gzip (@fastify/compress), immutable caching of the hashed files under
 *   /assets, no-cache on index.html, and a real 404 for a missing file with an extension
 *   (`/favicon.ico` is not the app).
 */
import { createHash } from "node:crypto";
import { basename } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { VPN_CLIENT_DEFAULT_BASE_URL } from "@portal/core/constants";
import { APP_STORE_LOOKUP_ORIGIN } from "@portal/core/rules/appStoreLookup";

export interface WebHeaderOptions {
  /** Origin of the local VPN client the web app talks to (api.md); allowed in connect-src. */
  readonly vpnClientOrigin?: string;
  /**
   * CSP sources ('sha256-…') of the inline scripts the built index.html carries (its boot script,
   * web/src/boot): each is allowed by its hash, so any other inline script is still refused.
   */
  readonly scriptHashes?: readonly string[];
}

/**
 * The CSP hash source of each inline script (a script element without src) of an HTML document.
 * Guarantees: the hash is of the element's exact text, as the browser computes it; a script with
 * a src, or a document without inline scripts, gives none.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => `'sha256-${createHash("sha256").update(m[1]!, "utf8").digest("base64")}'`);
}

/** The Content-Security-Policy directives (also read by tests and documented in the README). */
export function cspDirectives(options: WebHeaderOptions = {}): Record<string, string[]> {
  const vpn = new URL(options.vpnClientOrigin ?? VPN_CLIENT_DEFAULT_BASE_URL);
  const ws = `${vpn.protocol === "https:" ? "wss:" : "ws:"}//${vpn.host}`;
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(options.scriptHashes ?? [])],
    "script-src-attr": ["'none'"],
    // Blueprint and React set styles through the CSSOM (element.style), which style-src does
    // not govern; the built CSS is a file of this origin.
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'", "data:"],
    // The App Store lookup of spec 7 (the mobile app banner's name and artwork).
    "connect-src": ["'self'", vpn.origin, ws, APP_STORE_LOOKUP_ORIGIN],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/**
 * The headers helmet sets with this configuration, read once at start by running its middleware
 * on a stand-in response: they depend on nothing in the request (no nonces), and running helmet
 * per request (as @fastify/helmet does) costs a visible share of a cached list's throughput.
 */
export function securityHeaders(options: WebHeaderOptions = {}): Record<string, string> {
  const captured: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => { captured[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete captured[name.toLowerCase()]; },
    getHeader: (name: string) => captured[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  })({} as never, response as never, (error?: unknown) => { if (error) throw error; });
  return captured;
}

/**
 * The headers of an API answer (OWASP REST Security Cheat Sheet, "Security headers"): JSON is
 * never a document, so the document policies (the full CSP, COOP, Origin-Agent-Cluster...) do
 * nothing on it; what matters is that it is not sniffed into HTML, not framed, not shared across
 * origins, not cached and sends no referrer. Half the bytes of the document set, on every answer.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
  // The default of every API answer: answers are per user and some carry secrets. A handler that
  // sets its own policy wins (reply headers are written over these).
  "cache-control": "no-store",
};

const isApiPath = (url: string): boolean => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/** Registers the security headers: helmet's set on documents and files, API_HEADERS on the API. Call before any route. */
export function registerSecurityHeaders(app: FastifyInstance, options: WebHeaderOptions = {}): void {
  const documentHeaders = Object.entries(securityHeaders(options));
  const apiHeaders = Object.entries(API_HEADERS);
  app.addHook("onRequest", (request, reply, done) => {
    // On the raw response, so that answers written by hand (the event stream) carry them too.
    for (const [name, value] of isApiPath(request.url) ? apiHeaders : documentHeaders) reply.raw.setHeader(name, value);
    if (request.protocol === "https") reply.raw.setHeader("strict-transport-security", "max-age=31536000; includeSubDomains");
    done();
  });
}

/** Cache policy of a served file: hashed build output is immutable, everything else revalidates. */
export const cacheControlOf = (path: string): string =>
  /[\\/]assets[\\/]/.test(path) ? "public, max-age=31536000, immutable" : "no-cache";

/** Whether a path names a file (its last segment has an extension), so the SPA must not answer it. */
export const looksLikeFile = (path: string): boolean => /\.[A-Za-z0-9]{1,8}$/.test(basename(path));

/**
 * Compression for every answer above 1 KiB (brotli or gzip as the client accepts). Register it
 * before any route: the plugin attaches itself to routes as they are added. Request bodies are
 * not decompressed: the API takes plain JSON, and an inflating parser would let a small body
 * expand past the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024, globalDecompression: false, encodings: ["br", "gzip"] });
}

/**
 * The built web app's files, with cacheControlOf's policy. The build writes a brotli (quality 11)
 * and a gzip (level 9) copy beside each file worth it (web/vite.config.ts); those are sent as
 * they are to a client that accepts them, so no request spends CPU compressing a script, and the
 * copies are smaller than the compression plugin's on-the-fly quality 4 (the sign-in page's
 * stylesheet 35 against 49 kB). A file without a copy is compressed on the fly as before.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader("cache-control", cacheControlOf(path));
      // The same URL is answered in brotli, gzip or plain: a shared cache must key on the encoding.
      res.setHeader("vary", "accept-encoding");
    },
  });
}
