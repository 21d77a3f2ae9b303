/**
 * A cached answer (ReadCache) written straight to the socket. The answer is the same bytes for
 * every caller that may see it, so it is compressed once per entry and encoding, not once per
 * request as the compression plugin would (brotli of an 8 KB list on every hit), and it skips
 * Fastify's reply pipeline (serialisation, onSend hooks): a hit needs none of it. The security
 * headers are already on the raw response (registerSecurityHeaders' onRequest hook).
 */
import type { OutgoingHttpHeaders } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CachedAnswer } from "./ReadCache";

/** As registerCompression's threshold: smaller answers go as they are. */
export const COMPRESS_MIN_BYTES = 1024;
const JSON_TYPE = "application/json; charset=utf-8";
type Encoding = "br" | "gzip" | "identity";

/**
 * The encoding to answer with for an Accept-Encoding header: br when accepted, else gzip, else
 * none (a q of 0 refuses a coding; "*" accepts any).
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return "identity";
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (coding: string) => (accepted.get(coding) ?? accepted.get("*") ?? 0) > 0;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : "identity";
}

const encoded = new WeakMap<CachedAnswer, Partial<Record<Encoding, Buffer>>>();

function bytesOf(answer: CachedAnswer, encoding: Encoding): Buffer {
  let variants = encoded.get(answer);
  if (!variants) encoded.set(answer, (variants = {}));
  let bytes = variants[encoding];
  if (!bytes) {
    const plain = Buffer.from(answer.body, "utf8");
    // Quality 4, as the compression plugin's default: most of brotli's gain at a fraction of its cost.
    bytes = encoding === "br" ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : encoding === "gzip" ? gzipSync(plain) : plain;
    variants[encoding] = bytes;
  }
  return bytes;
}

/** Sends `answer` as the reply to `request`; `closing` asks the client to close the connection. */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, closing: boolean): FastifyReply {
  const compressible = answer.body.length >= COMPRESS_MIN_BYTES;
  const encoding = compressible ? acceptedEncoding(request.headers["accept-encoding"]) : "identity";
  const bytes = bytesOf(answer, encoding);
  const headers: OutgoingHttpHeaders = { "content-type": JSON_TYPE, "content-length": bytes.length };
  if (compressible) headers["vary"] = "accept-encoding";
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  if (closing) headers["connection"] = "close";
  reply.hijack();
  reply.raw.writeHead(answer.status, headers);
  reply.raw.end(bytes);
  return reply;
}
