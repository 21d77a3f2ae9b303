import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { render } from "ink-testing-library";
import { ImportProgress, bar } from "../src/ui/ImportProgress";
import { Table } from "../src/ui/Table";
import { formatTable } from "../src/ui/formatTable";

// With CI=true ink prints an extra empty frame on exit (TOOLCHAIN.md): assert on the last non-empty frame.
const lastFrame = (frames: ReadonlyArray<string>) => [...frames].reverse().find((f) => f.trim() !== "") ?? "";

describe("ImportProgress", () => {
  it("shows entries done of total, the batch and the counts", () => {
    const view = render(<ImportProgress phase="writing" done={2000} total={8000} batch={2} batches={8} added={1500} changed={400} unchanged={100} width={20} />);
    const frame = lastFrame(view.frames);
    expect(frame).toContain("█████░░░░░░░░░░░░░░░ 25% 2,000/8,000 entries, batch 2/8");
    expect(frame).toContain("added 1500, changed 400, unchanged 100");
    view.rerender(<ImportProgress phase="writing" done={8000} total={8000} batch={8} batches={8} added={6000} changed={1600} unchanged={400} width={20} />);
    expect(lastFrame(view.frames)).toContain(`${"█".repeat(20)} 100% 8,000/8,000 entries, batch 8/8`);
    view.unmount();
  });

  it("shows the check phase as entries read", () => {
    const view = render(<ImportProgress phase="validating" done={12000} total={0} batch={12} batches={0} added={0} changed={0} unchanged={0} />);
    expect(lastFrame(view.frames)).toContain("Checking the file… 12,000 entries read");
    view.unmount();
  });

  it("property: the bar is always width characters and fills with the share done", () => {
    fc.assert(fc.property(fc.nat(10_000), fc.nat(10_000), fc.integer({ min: 1, max: 80 }), (a, b, width) => {
      const [done, total] = a <= b ? [a, b] : [b, a];
      const text = bar(done, total, width);
      expect([...text].length).toBe(width);
      expect([...text].filter((c) => c === "█").length).toBe(total === 0 ? 0 : Math.floor((done / total) * width));
    }));
  });
});

describe("tables", () => {
  const columns = [{ heading: "ID", cell: (r: { id: string; name: string }) => r.id }, { heading: "NAME", cell: (r: { id: string; name: string }) => r.name }];
  it("plain text pads columns and has no trailing spaces", () => {
    expect(formatTable(columns, [{ id: "a1", name: "Site" }, { id: "b", name: "Plant" }])).toEqual(["ID  NAME", "a1  Site", "b   Plant"]);
  });
  it("the Ink table shows headings and rows, or the empty text", () => {
    const view = render(<Table columns={columns} rows={[{ id: "a1", name: "Site" }]} />);
    expect(lastFrame(view.frames)).toMatch(/ID\s+NAME\s*\n\s*a1\s+Site/);
    view.unmount();
    const empty = render(<Table columns={columns} rows={[]} empty="No group types." />);
    expect(lastFrame(empty.frames)).toContain("No group types.");
    empty.unmount();
  });
});
