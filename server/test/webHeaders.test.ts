/**
 * Security headers on every answer (HTML, static files, API, errors), no-store on answers with
 * secrets, and the static serving policy (compression, immutable assets, no-cache index.html,
 * real 404s for missing files). Headers do not depend on the database: PGlite only.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "@portal/fixtures/demo/demoData";
import { buildApp } from "../src/buildApp";
import { inlineScriptHashes } from "../src/http/webHeaders";
import { createTestDatabase, type TestDatabase } from "./testDatabase";

let t: TestDatabase;
let app: FastifyInstance;
let dist: string;
const ASSET = "/assets/index-Ab12Cd34.js";
const PRECOMPRESSED = "/assets/index-Zz98Yy76.css";
/** An inline script like the build's boot script (web/src/boot), allowed by its hash. */
const BOOT = `document.title="Devices · Portal";`;
const PRECOMPRESSED_TEXT = `.a{color:red}\n${".b{margin:0}\n".repeat(400)}`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "portal-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div><script>${BOOT}</script></body></html>`);
  writeFileSync(join(dist, ASSET), `console.log(${JSON.stringify("x".repeat(4000))});`);
  // A file with the build's compressed copies beside it (web/vite.config.ts, precompress).
  writeFileSync(join(dist, PRECOMPRESSED), PRECOMPRESSED_TEXT);
  writeFileSync(join(dist, `${PRECOMPRESSED}.br`), brotliCompressSync(PRECOMPRESSED_TEXT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(dist, `${PRECOMPRESSED}.gz`), gzipSync(PRECOMPRESSED_TEXT, { level: 9 }));
  t = await createTestDatabase("pglite");
  app = await buildApp({ database: t.database, webDist: dist, trustProxy: true });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const expectSecurityHeaders = (headers: Record<string, unknown>, what: string) => {
  const csp = String(headers["content-security-policy"] ?? "");
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toContain("unsafe-inline");
  expect(csp, what).not.toContain("unsafe-eval");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("no-referrer");
  expect(headers["strict-transport-security"], what).toBeUndefined();
};

/** API answers: not sniffed, not framed, not shared across origins, not cached, no referrer, nothing loadable. */
const expectApiHeaders = (headers: Record<string, unknown>, what: string) => {
  expect(headers["content-security-policy"], what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("no-referrer");
  expect(headers["cross-origin-resource-policy"], what).toBe("same-origin");
  expect(headers["cache-control"], what).toBe("no-store");
  expect(headers["strict-transport-security"], what).toBeUndefined();
};

describe("security headers", () => {
  it("are on the HTML, a static file and a 404; the API's own set on an API answer and an API error", async () => {
    const answers = {
      html: await app.inject({ method: "GET", url: "/" }),
      spaRoute: await app.inject({ method: "GET", url: "/group-types" }),
      asset: await app.inject({ method: "GET", url: ASSET }),
      missing: await app.inject({ method: "GET", url: "/favicon.ico" }),
    };
    for (const [what, res] of Object.entries(answers)) expectSecurityHeaders(res.headers, what);
    const api = {
      health: await app.inject({ method: "GET", url: "/api/health" }),
      apiError: await app.inject({ method: "GET", url: "/api/my-user", headers: { "api-version": "2" } }),
      unknownApi: await app.inject({ method: "GET", url: "/api/nothing-here" }),
    };
    for (const [what, res] of Object.entries(api)) expectApiHeaders(res.headers, what);
    expect(api.apiError.statusCode).toBe(401);
  });

  it("allow the local VPN client and the App Store lookup in connect-src, and nothing inline", async () => {
    const csp = String((await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9250 ws://127.0.0.1:9250 https://itunes.apple.com;");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("allow the index page's inline boot script by its hash, and no other inline script", async () => {
    const csp = String((await app.inject({ method: "GET", url: "/devices" })).headers["content-security-policy"]);
    const hash = createHash("sha256").update(BOOT, "utf8").digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toContain("unsafe-inline");
  });

  it("hash each inline script of a document exactly, and no script with a src", () => {
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    expect(inlineScriptHashes(`<script type="module" crossorigin src="/assets/a.js"></script><div></div>`)).toEqual([]);
    expect(inlineScriptHashes(`<head><script>a()</script></head><body><script nonce="x">\n b("é")\n</script></body>`)).toEqual([sha("a()"), sha('\n b("é")\n')]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });

  it("add HSTS only when the request came over TLS", async () => {
    const tls = await app.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("no-store on API answers, and on the one that carries a new token secret", async () => {
    const token = await app.inject({
      method: "POST", url: "/api/access-tokens", payload: { expiresIn: 60 },
      headers: { "api-version": "2", authorization: `Basic ${Buffer.from(`admin@example.com::${DEMO_PASSWORD}`).toString("base64")}` },
    });
    expect(token.statusCode).toBe(201);
    expect(token.headers["cache-control"]).toBe("no-store");
    expect((await app.inject({ method: "GET", url: "/api/" })).headers["cache-control"]).toBe("no-store");
  });
});

describe("static files", () => {
  it("serve hashed assets as immutable and compressed, index.html as no-cache", async () => {
    const br = await app.inject({ method: "GET", url: ASSET, headers: { "accept-encoding": "br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-encoding"]).toBe("br");
    const gzip = await app.inject({ method: "GET", url: ASSET, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    for (const url of ["/", "/index.html", "/group-types/abc"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("send the build's compressed copy of a file as it is, with the file's type and caching", async () => {
    const br = await app.inject({ method: "GET", url: PRECOMPRESSED, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/css/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["vary"]).toMatch(/accept-encoding/i);
    // The bytes of the copy on disk (quality 11), not a second compression of it.
    expect(br.rawPayload.equals(brotliCompressSync(PRECOMPRESSED_TEXT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PRECOMPRESSED_TEXT);
    const gzip = await app.inject({ method: "GET", url: PRECOMPRESSED, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PRECOMPRESSED_TEXT);
    const plain = await app.inject({ method: "GET", url: PRECOMPRESSED, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(PRECOMPRESSED_TEXT);
  });

  it("answer a real 404 for a missing file, not the app's HTML", async () => {
    for (const url of ["/favicon.ico", "/assets/gone-12345678.js", "/robots.txt"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("<html");
      expect(res.json().data[0].message).toBe(`No such file: ${url}`);
    }
  });
});
