/**
 * The audit CSV stream alone (auditExport.ts): the bytes are exactly the header and every row's
 * line in order (what the export sent as one string per batch before), whatever the batch and
 * chunk boundaries; a consumer that does not read stops the reading of batches (backpressure);
 * one that goes away stops it for good; a failing batch ends the stream with the error.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { auditCsvHeader, auditCsvLine } from "@portal/core/rules/auditCsv";
import { AUDIT_EXPORT_CHUNK_BYTES, auditCsvStream } from "../src/audit/auditExport";
import type { AuditRow } from "../src/audit/auditQuery";

const rowOf = (id: number): AuditRow => ({
  id, publicId: `e${String(id).padStart(11, "0")}`, action: "UPDATE", topic: "GroupType", target: `t${id}`, targetName: `Line ${id}, "quoted"`,
  before: { name: `Line ${id}` }, after: { name: `Line ${id} renamed\nwith a break`, note: "x".repeat(id % 7 === 0 ? 5000 : 10) },
  clientAddress: "127.0.0.1", createdAt: new Date(Date.UTC(2026, 10, 25) - id * 1000), actorId: "u00000000001", actorName: "Ada Admin", companyId: "c00000000001", companyName: "Demo Company",
});
const line = (r: AuditRow) => auditCsvLine({
  publicId: r.publicId, action: r.action, topic: r.topic, target: r.target, targetName: r.targetName, before: r.before, after: r.after,
  clientAddress: r.clientAddress, createdOn: r.createdAt.toISOString(), actor: { publicId: r.actorId!, name: r.actorName! }, company: { publicId: r.companyId!, name: r.companyName! },
});

/** A source of `total` rows, newest (highest id) first, in batches of `batch`; counts the batches read. */
function source(total: number, batch: number, fail?: number) {
  const reads: number[] = [];
  const slice = (afterId: number) => {
    const rows: AuditRow[] = [];
    for (let id = afterId - 1; id >= 1 && rows.length < batch; id--) rows.push(rowOf(id));
    return rows;
  };
  return {
    reads,
    src: {
      batch, line, first: slice(total + 1),
      next: async (afterId: number) => {
        reads.push(afterId);
        await sleep(1);
        if (fail !== undefined && reads.length === fail) throw new Error("the database went away");
        return slice(afterId);
      },
    },
  };
}

/** Reads in flowing mode: one "data" per pushed chunk. */
function readAll(stream: NodeJS.ReadableStream): Promise<{ text: string; largest: number }> {
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on("data", (c: Buffer) => parts.push(c));
    stream.once("error", reject);
    stream.once("end", () => resolve({ text: Buffer.concat(parts).toString("utf8"), largest: Math.max(...parts.map((p) => p.length)) }));
  });
}

describe("audit CSV stream", () => {
  it.each([[0, 5], [4, 5], [5, 5], [6, 5], [1000, 7], [2500, 1000]])("gives exactly the header and the %i rows' lines in order (batches of %i)", async (total, batch) => {
    const { src } = source(total, batch);
    const expected = auditCsvHeader() + Array.from({ length: total }, (_, i) => line(rowOf(total - i))).join("");
    const { text, largest } = await readAll(auditCsvStream(src));
    expect(text).toBe(expected);
    // Bounded chunks: none larger than the chunk size.
    expect(largest).toBeLessThanOrEqual(AUDIT_EXPORT_CHUNK_BYTES);
    if (batch >= 1000) expect(largest).toBe(AUDIT_EXPORT_CHUNK_BYTES);
  });

  it("reads no further batch while nobody reads, and none after the consumer went away", async () => {
    const { src, reads } = source(100_000, 100);
    const stream = auditCsvStream(src);
    stream.once("readable", () => undefined);
    await sleep(100);
    // Only what fills the stream's small buffer was read: a batch or two of the thousand.
    expect(reads.length).toBeLessThanOrEqual(2);
    const before = reads.length;
    stream.destroy();
    await sleep(100);
    expect(reads.length).toBeLessThanOrEqual(before + 1);
  });

  it("ends with the error of a batch that fails", async () => {
    const { src } = source(1000, 10, 3);
    await expect(readAll(auditCsvStream(src))).rejects.toThrow("the database went away");
  });
});
