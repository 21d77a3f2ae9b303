import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DOCUMENT_NAME_MAX } from "../domain/DeviceRecords";
import { contentDisposition, DOCUMENT_MAX_BYTES, judgeDocument, sanitizeFileName } from "./deviceDocuments";

const b64 = (s: string | Uint8Array) => Buffer.from(s).toString("base64");
const PDF = "%PDF-1.7\n%%EOF\n";

describe("sanitizeFileName", () => {
  it("keeps the last path segment and replaces what is unsafe", () => {
    expect(sanitizeFileName("C:\\docs\\..\\manual.pdf")).toBe("manual.pdf");
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName('a "quoted" <name>.txt')).toBe("a _quoted_ _name_.txt");
    expect(sanitizeFileName("...hidden.txt")).toBe("hidden.txt");
    expect(sanitizeFileName("report\u202Etxt.exe")).toBe("report_txt.exe");
    expect(sanitizeFileName("   ")).toBe("document");
    expect(sanitizeFileName("a.pdf. . ")).toBe("a.pdf");
  });
  it("shortens long names and keeps the extension", () => {
    const long = `${"x".repeat(300)}.pdf`;
    const kept = sanitizeFileName(long);
    expect([...kept].length).toBe(DOCUMENT_NAME_MAX);
    expect(kept.endsWith(".pdf")).toBe(true);
  });
  it("never yields a separator, a control character, a quote, a leading dot or an empty name; is idempotent", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 300 }), (raw) => {
      const name = sanitizeFileName(raw);
      expect(name).not.toMatch(/[/\\"\u0000-\u001f]/);
      expect(name.length).toBeGreaterThan(0);
      expect(name.startsWith(".")).toBe(false);
      expect([...name].length).toBeLessThanOrEqual(DOCUMENT_NAME_MAX);
      expect(sanitizeFileName(name)).toBe(name);
    }));
  });
});

describe("judgeDocument", () => {
  it("accepts a PDF, text and an image by their content, with the type of the extension", () => {
    const pdf = judgeDocument({ fileName: "Manual.PDF", content: b64(PDF) });
    expect(Result.isSuccess(pdf) && pdf.success.contentType).toBe("application/pdf");
    const csv = judgeDocument({ fileName: "values.csv", content: b64("a;b\n1;2\n") });
    expect(Result.isSuccess(csv) && csv.success.contentType).toBe("text/csv; charset=utf-8");
    const png = judgeDocument({ fileName: "photo.png", content: b64(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])) });
    expect(Result.isSuccess(png)).toBe(true);
  });
  it("refuses content that does not match the name (415), unknown types (415), empty (400), not base64 (400), too large (413)", () => {
    const status = (r: ReturnType<typeof judgeDocument>) => (Result.isFailure(r) ? r.failure.status : 200);
    expect(status(judgeDocument({ fileName: "manual.pdf", content: b64("<script>") }))).toBe(415);
    expect(status(judgeDocument({ fileName: "photo.png", content: b64(PDF) }))).toBe(415);
    expect(status(judgeDocument({ fileName: "page.html", content: b64("<html>") }))).toBe(415);
    expect(status(judgeDocument({ fileName: "notes.txt", content: b64(new Uint8Array([0x41, 0, 0x42])) }))).toBe(415);
    expect(status(judgeDocument({ fileName: "notes.txt", content: b64(new Uint8Array([0xff, 0xfe, 0xfd])) }))).toBe(415);
    expect(status(judgeDocument({ fileName: "a.txt", content: "" }))).toBe(400);
    expect(status(judgeDocument({ fileName: "a.txt", content: "not base64!" }))).toBe(400);
    expect(status(judgeDocument({ fileName: "a.txt", content: b64(new Uint8Array(DOCUMENT_MAX_BYTES + 1).fill(65)) }))).toBe(413);
    expect(status(judgeDocument({ fileName: "a.txt", content: b64(new Uint8Array(DOCUMENT_MAX_BYTES).fill(65)) }))).toBe(200);
  });
  it("keeps exactly the uploaded bytes of any text", () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 200 }).filter((s) => !s.includes("\u0000")), (text) => {
      const r = judgeDocument({ fileName: "t.txt", content: b64(text) });
      expect(Result.isSuccess(r) && Buffer.from(r.success.bytes).toString("utf8")).toBe(text);
    }));
  });
});

describe("contentDisposition", () => {
  it("is an attachment with an ASCII fallback and the exact name encoded", () => {
    expect(contentDisposition("Prüfbericht (März).pdf")).toBe(`attachment; filename="Pr_fbericht (M_rz).pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20%28M%C3%A4rz%29.pdf`);
  });
  it("never lets a name break out of the header", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), (raw) => {
      const header = contentDisposition(raw);
      expect(header).toMatch(/^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]*$/);
    }));
  });
});
