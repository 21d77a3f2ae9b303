/**
 * The audit trail's CSV export as a stream (issue 12) whose memory does not grow with the rows:
 * the entries are read a keyset batch at a time, only when the response has sent what came
 * before (backpressure). Each batch becomes its CSV bytes at once, so its row objects (parsed
 * before/after values) die young, in V8's young generation; the bytes, outside the JS heap, go
 * out in chunks of AUDIT_EXPORT_CHUNK_BYTES. The process holds one batch's bytes at most, on
 * PGlite and PostgreSQL alike.
 *
 * Measured (bench/RESULTS.md): turning rows into CSV lazily, a few rows per chunk as the client
 * reads, kept each batch's rows alive across many young collections; they were promoted and the
 * V8 heap grew to 280 MB over a million rows. Converted at once, the heap stays at its idle size.
 */
import { Readable } from "node:stream";
import { auditCsvHeader } from "@portal/core/rules/auditCsv";
import type { AuditRow } from "./auditQuery";

/** Bytes per chunk handed to the response. */
export const AUDIT_EXPORT_CHUNK_BYTES = 64 * 1024;

export interface AuditExportSource {
  /** Rows per batch: a shorter batch is the last. */
  readonly batch: number;
  /** The first batch (read before the response starts, so that a bad filter is still a 400). */
  readonly first: AuditRow[];
  /** The batch after the row with this id. */
  next(afterId: number): Promise<AuditRow[]>;
  /** One row as a CRLF-ended CSV line. */
  line(row: AuditRow): string;
}

/** The export's bytes: the header, then every row, pulled by the consumer. */
export function auditCsvStream(source: AuditExportSource): Readable {
  const bytesOf = (rows: AuditRow[]) => Buffer.from(rows.map(source.line).join(""), "utf8");
  let pending = Buffer.concat([Buffer.from(auditCsvHeader(), "utf8"), bytesOf(source.first)]);
  let offset = 0;
  // The id to read after, null once the last (short) batch was read.
  let after: number | null = source.first.length < source.batch ? null : source.first[source.first.length - 1]!.id;
  let busy = false;
  let destroyed = false;

  const stream = new Readable({
    highWaterMark: AUDIT_EXPORT_CHUNK_BYTES,
    read() {
      if (!busy) void fill();
    },
    destroy(error, callback) {
      // A client that went away: no further batch is read.
      destroyed = true;
      callback(error);
    },
  });

  async function fill(): Promise<void> {
    busy = true;
    try {
      for (;;) {
        if (destroyed) return;
        if (offset < pending.length) {
          const chunk = pending.subarray(offset, offset + AUDIT_EXPORT_CHUNK_BYTES);
          offset += chunk.length;
          if (!stream.push(chunk)) return;
          continue;
        }
        if (after === null) {
          stream.push(null);
          return;
        }
        const rows = await source.next(after);
        after = rows.length < source.batch ? null : rows[rows.length - 1]!.id;
        pending = bytesOf(rows);
        offset = 0;
      }
    } catch (e) {
      stream.destroy(e as Error);
    } finally {
      busy = false;
    }
  }

  return stream;
}
