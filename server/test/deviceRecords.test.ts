/**
 * A device's service logbook and documents (issue 13) over HTTP on PGlite: who may read, add and
 * delete (rules/serviceLogbook.ts on the rights held on the device), Acme never sees the demo
 * company's records, an upload judged by its content (a script named .pdf is 415, over 10 MiB
 * 413, bad base64 400), the name sanitised, the download an attachment with the same bytes, and
 * one audit row per write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_MAX_BYTES } from "@portal/core/rules/deviceDocuments";
import { apiHeaders, createTestApp, signInAs, type TestApp } from "./testDatabase";
import { countRows } from "./suites/suiteHelpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

describe("device records", () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  const secrets: Record<string, string> = {};
  let line1: string;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
    for (const u of ["admin", "engineer", "approver", "viewer"]) secrets[u] = await signInAs(t.app, `${u}@example.com`);
    secrets["acme"] = await signInAs(t.app, "acme-admin@example.com");
    const list = (await call("GET", "/api/agents?page-size=100")).body.data as Array<{ name: string; publicId: string }>;
    line1 = list.find((a) => a.name === "Line 1 Router")!.publicId;
  });
  afterAll(async () => t.close());

  async function call(method: "GET" | "POST" | "DELETE", url: string, payload?: unknown, who = "admin", company?: string) {
    const res = await t.app.inject({ method, url, headers: apiHeaders(secrets[who]!, company ?? (who === "acme" ? acme : demo)), ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: (res.headers["content-type"]?.toString().startsWith("application/json") ? res.json() : {}) as { data: unknown }, res };
  }
  const audits = () => countRows(t.database.db, "audit_logs");

  it("adds, lists newest first and deletes logbook entries, as the rights on the device allow", async () => {
    const before = await audits();
    const a = await call("POST", `/api/agents/${line1}/logbook-entries`, { text: "  Replaced the fan filter.  ", category: "Maintenance" }, "engineer");
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const first = a.body.data as { publicId: string; text: string; category: string | null; author: { name: string }; canDelete: boolean };
    expect(first).toMatchObject({ text: "Replaced the fan filter.", category: "Maintenance", author: { name: "Emil Engineer" }, canDelete: true });
    const b = await call("POST", `/api/agents/${line1}/logbook-entries`, { text: "Checked the PLC firmware.", category: "  " }, "approver");
    expect((b.body.data as { category: string | null }).category).toBeNull();
    expect(await audits()).toBe(before + 2);

    const listed = (await call("GET", `/api/agents/${line1}/logbook-entries`, undefined, "engineer")).body.data as Array<{ publicId: string; canDelete: boolean }>;
    expect(listed.map((e) => e.publicId)).toEqual([(b.body.data as { publicId: string }).publicId, first.publicId]);
    // The engineer may delete their own entry only; the administrator (manage access-requests) any.
    expect(listed.map((e) => e.canDelete)).toEqual([false, true]);
    expect((await call("DELETE", `/api/logbook-entries/${listed[0]!.publicId}`, undefined, "engineer")).status).toBe(403);
    expect((await call("DELETE", `/api/logbook-entries/${listed[0]!.publicId}`, undefined, "admin")).status).toBe(200);
    expect((await call("DELETE", `/api/logbook-entries/${first.publicId}`, undefined, "engineer")).status).toBe(200);
    expect((await call("DELETE", `/api/logbook-entries/${first.publicId}`, undefined, "engineer")).status).toBe(404);
    expect(await audits()).toBe(before + 4);
  });

  it("refuses a blank entry with REQUIRED, a user without a device right with 403, another company with 404", async () => {
    const blank = await call("POST", `/api/agents/${line1}/logbook-entries`, { text: "   " }, "engineer");
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ data: [{ message: "REQUIRED", propertyName: "text" }] });
    expect((await call("GET", `/api/agents/${line1}/logbook-entries`, undefined, "viewer")).status).toBe(403);
    expect((await call("POST", `/api/agents/${line1}/logbook-entries`, { text: "x" }, "viewer")).status).toBe(403);
    expect((await call("GET", `/api/agents/${line1}/logbook-entries`, undefined, "acme")).status).toBe(404);
    const made = await call("POST", `/api/agents/${line1}/logbook-entries`, { text: "Visible to the demo company only" }, "admin");
    expect((await call("DELETE", `/api/logbook-entries/${(made.body.data as { publicId: string }).publicId}`, undefined, "acme")).status).toBe(404);
  });

  it("uploads a PDF under a sanitised name and downloads the same bytes as an attachment", async () => {
    const before = await audits();
    const up = await call("POST", `/api/agents/${line1}/documents`, { fileName: "C:\\manuals\\../Wartung \"Anlage\" 3.pdf", content: PDF.toString("base64") }, "engineer");
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const doc = up.body.data as { publicId: string; fileName: string; contentType: string; size: number; canDelete: boolean };
    expect(doc).toMatchObject({ fileName: "Wartung _Anlage_ 3.pdf", contentType: "application/pdf", size: PDF.length, canDelete: true });
    const file = await call("GET", `/api/documents/${doc.publicId}/file`, undefined, "approver");
    expect(file.status).toBe(200);
    expect(file.res.rawPayload.equals(PDF)).toBe(true);
    expect(file.res.headers["content-type"]).toBe("application/pdf");
    expect(file.res.headers["content-disposition"]).toBe(`attachment; filename="Wartung _Anlage_ 3.pdf"; filename*=UTF-8''Wartung%20_Anlage_%203.pdf`);
    expect(file.res.headers["x-content-type-options"]).toBe("nosniff");
    const listed = (await call("GET", `/api/agents/${line1}/documents`, undefined, "approver")).body.data as Array<{ publicId: string; canDelete: boolean }>;
    expect(listed[0]).toMatchObject({ publicId: doc.publicId, canDelete: false });
    expect((await call("DELETE", `/api/documents/${doc.publicId}`, undefined, "approver")).status).toBe(403);
    expect((await call("GET", `/api/documents/${doc.publicId}/file`, undefined, "acme")).status).toBe(404);
    expect((await call("GET", `/api/documents/${doc.publicId}`, undefined, "viewer")).status).toBe(403);
    expect((await call("DELETE", `/api/documents/${doc.publicId}`, undefined, "engineer")).status).toBe(200);
    expect((await call("GET", `/api/documents/${doc.publicId}/file`, undefined, "engineer")).status).toBe(404);
    expect(await audits()).toBe(before + 2);
  });

  it("judges the content: a script named .pdf 415, too large 413, not base64 400; nothing is written", async () => {
    const before = await countRows(t.database.db, "device_documents");
    const script = await call("POST", `/api/agents/${line1}/documents`, { fileName: "manual.pdf", content: Buffer.from("<script>alert(1)</script>").toString("base64") });
    expect(script.status).toBe(415);
    expect(script.body).toMatchObject({ data: [{ message: "DOCUMENT_TYPE_NOT_ALLOWED" }] });
    const exe = await call("POST", `/api/agents/${line1}/documents`, { fileName: "tool.exe", content: Buffer.from("MZ...").toString("base64") });
    expect(exe.status).toBe(415);
    const big = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x41);
    const tooBig = await call("POST", `/api/agents/${line1}/documents`, { fileName: "big.txt", content: big.toString("base64") });
    expect(tooBig.status).toBe(413);
    const notBase64 = await call("POST", `/api/agents/${line1}/documents`, { fileName: "a.txt", content: "%%%" });
    expect(notBase64.status).toBe(400);
    expect(await countRows(t.database.db, "device_documents")).toBe(before);
  });
});
