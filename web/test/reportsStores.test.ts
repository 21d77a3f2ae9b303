/**
 * The Reports screen's store on the in-memory PortalApi (issue 13): the queue dialog opens on
 * yesterday in the zone and sends the period in UTC; a refused period keeps what was typed and
 * names the field; a queued report is listed; the event stream's report-changed moves a row to
 * done with a snackbar; delete asks first; a deletion in another session (report-changed with
 * deleted) drops the row without a reload, and one of another company changes nothing.
 */
import { runInAction } from "mobx";
import { PagesStore } from "../src/stores/PagesStore";
import { ReportsStore } from "../src/stores/ReportsStore";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { matchesTargetQuery, ReportQueueDialog } from "../src/stores/ReportQueueDialog";
import { agent } from "./accessHarness";
import { company, harness, START } from "./harness";

const PUMP = { publicId: "assetPump001", name: "Pump P-1", agent: { publicId: agent(1).publicId, name: agent(1).name }, assetType: null };

function setup() {
  const h = harness({ seed: { signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }], agents: [agent(1)], assets: [PUMP] } });
  runInAction(() => {
    h.root.session.rights = [...ALL_RIGHTS];
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  return h;
}

async function publishedPage(h: ReturnType<typeof setup>): Promise<string> {
  h.root.get(PagesStore).openAdd();
  h.root.get(PagesStore).dialog!.set("title", "Service report");
  const id = (await h.root.get(PagesStore).saveDialog())!;
  await h.root.run(h.api.pages.publish(id));
  return id;
}

describe("ReportQueueDialog", () => {
  it("opens on yesterday from midnight to midnight in the zone and sends UTC", () => {
    // START is 2026-11-21T10:00Z: in Berlin (UTC+1) yesterday is 20 Nov 00:00 to 21 Nov 00:00.
    const d = new ReportQueueDialog(START, "page", "", "Europe/Berlin");
    expect(d.form).toMatchObject({ start: "2026-11-20T00:00", end: "2026-11-21T00:00", timeZone: "Europe/Berlin", version: "published" });
    expect(d.body()).toMatchObject({ start: "2026-11-19T23:00:00Z", end: "2026-11-20T23:00:00Z", timeZone: "Europe/Berlin" });
    expect(d.dirty).toBe(false);
    d.set("timeZone", "UTC");
    expect(d.dirty).toBe(true);
  });

  it("reports on a device or an asset, never both; the search is not a change", () => {
    const d = new ReportQueueDialog(START, "page", "agentAAAAAAA", "UTC");
    expect([d.target, d.body()]).toEqual(["agent:agentAAAAAAA", expect.objectContaining({ agent: { publicId: "agentAAAAAAA" } })]);
    d.setTargetQuery("pump");
    expect(d.dirty).toBe(false);
    d.setTarget("asset:assetAAAAAAA");
    expect(d.form).toMatchObject({ agent: "", asset: "assetAAAAAAA" });
    expect(d.body()).toMatchObject({ asset: { publicId: "assetAAAAAAA" } });
    expect(d.body()).not.toHaveProperty("agent");
    expect(d.dirty).toBe(true);
    d.setTarget("");
    expect([d.form.agent, d.form.asset, d.target]).toEqual(["", "", ""]);
    expect(new ReportQueueDialog(START, "page", "agentAAAAAAA", "UTC", "assetAAAAAAA").form).toMatchObject({ agent: "", asset: "assetAAAAAAA" });
  });

  it("matches every word of the search, case- and accent-insensitively", () => {
    expect(matchesTargetQuery("Pump P-101 Line 1 Router", "PÜMP line")).toBe(true);
    expect(matchesTargetQuery("Zoë's boiler", "zoe")).toBe(true);
    expect(matchesTargetQuery("Pump P-101", "pump boiler")).toBe(false);
    expect(matchesTargetQuery("anything", "  ")).toBe(true);
  });
});

describe("ReportsStore", () => {
  it("queues a report for a device and lists it as queued", async () => {
    const h = setup();
    const page = await publishedPage(h);
    await h.root.get(ReportsStore).openQueue(page);
    const dialog = h.root.get(ReportsStore).dialog!;
    expect(h.root.get(ReportsStore).devices.map((d) => d.publicId)).toContain(agent(1).publicId);
    dialog.set("agent", agent(1).publicId);
    expect(await h.root.get(ReportsStore).queue()).toBe(true);
    expect(h.root.get(ReportsStore).dialog).toBeNull();
    expect(h.root.get(ReportsStore).reports).toHaveLength(1);
    expect(h.root.get(ReportsStore).reports[0]).toMatchObject({ status: "queued", title: "Service report", agent: { publicId: agent(1).publicId } });
    expect(h.root.snackbars.visible.at(-1)?.message).toBe("The report was queued. You will be told here when it is ready.");
  });

  it("offers the company's assets beside its devices and queues a report of an asset", async () => {
    const h = setup();
    const page = await publishedPage(h);
    await h.root.get(ReportsStore).openQueue(page);
    expect(h.root.get(ReportsStore).assets).toEqual([PUMP]);
    h.root.get(ReportsStore).dialog!.setTarget(`asset:${PUMP.publicId}`);
    expect(await h.root.get(ReportsStore).queue()).toBe(true);
    expect(h.root.get(ReportsStore).reports[0]).toMatchObject({ agent: null, asset: { publicId: PUMP.publicId, name: "Pump P-1" } });
  });

  it("keeps what was typed when the period is refused, naming the field", async () => {
    const h = setup();
    const page = await publishedPage(h);
    await h.root.get(ReportsStore).openQueue(page);
    const dialog = h.root.get(ReportsStore).dialog!;
    dialog.set("end", dialog.form.start);
    expect(await h.root.get(ReportsStore).queue()).toBe(false);
    expect(h.root.get(ReportsStore).dialog).toBe(dialog);
    expect(dialog.form.end).toBe(dialog.form.start);
    expect(dialog.fieldIssues["end"]).toBe("The end must be after the start");
    expect(h.root.get(ReportsStore).reports).toHaveLength(0);
  });

  it("follows report-changed events: done shows a snackbar to the one who queued it; delete asks first", async () => {
    const h = setup();
    const me = await h.root.run(h.api.me.myUser());
    runInAction(() => (h.root.session.user = me._tag === "Success" ? me.success : null));
    const page = await publishedPage(h);
    await h.root.get(ReportsStore).openQueue(page);
    await h.root.get(ReportsStore).queue();
    const queued = h.root.get(ReportsStore).reports[0]!;
    h.root.get(ReportsStore).changed({ ...queued, status: "done", size: 2048, finishedAt: queued.createdAt });
    expect(h.root.get(ReportsStore).reports[0]!.status).toBe("done");
    expect(h.root.snackbars.visible.at(-1)?.message).toBe("The report “Service report” is ready to download.");
    // Another member's report: the list follows it, but its end is theirs to be told.
    const shown = h.root.snackbars.visible.length;
    h.root.get(ReportsStore).changed({ ...queued, publicId: "reportOther1", status: "queued", requestedBy: { publicId: "userOther001", name: "Other" } });
    h.root.get(ReportsStore).changed({ ...queued, publicId: "reportOther1", status: "failed", failureReason: "x", requestedBy: { publicId: "userOther001", name: "Other" } });
    expect(h.root.get(ReportsStore).reports.find((r) => r.publicId === "reportOther1")?.status).toBe("failed");
    expect(h.root.snackbars.visible.length).toBe(shown);
    h.root.get(ReportsStore).askDelete(h.root.get(ReportsStore).reports.find((r) => r.publicId === queued.publicId)!);
    expect(h.root.get(ReportsStore).reports).toHaveLength(2);
    await h.root.get(ReportsStore).confirmDelete();
    expect(h.root.get(ReportsStore).reports).toHaveLength(0);
  });

  it("drops a report deleted in another session when the stream tells it, and only of the selected company", async () => {
    const h = setup();
    const page = await publishedPage(h);
    await h.root.get(ReportsStore).openQueue(page);
    await h.root.get(ReportsStore).queue();
    const reports = h.root.get(ReportsStore);
    const queued = reports.reports[0]!;
    const event = (company: string, report: typeof queued, deleted?: boolean) =>
      JSON.stringify(deleted === undefined ? { company, report } : { company, report, deleted });
    // Another member queued one: it appears.
    const theirs = { ...queued, publicId: "reportOther1", requestedBy: { publicId: "userOther001", name: "Other" } };
    h.root.events.receive({ id: "1", event: "report-changed", data: event("companyAAAAA", theirs) });
    expect(reports.reports.map((r) => r.publicId)).toEqual(["reportOther1", queued.publicId]);
    // Mine is being confirmed for deletion here while another session deletes it.
    reports.askDelete(queued);
    h.root.events.receive({ id: "2", event: "report-changed", data: event("otherCompany", queued, true) });
    expect(reports.reports).toHaveLength(2);
    h.root.events.receive({ id: "3", event: "report-changed", data: event("companyAAAAA", queued, true) });
    expect(reports.reports.map((r) => r.publicId)).toEqual(["reportOther1"]);
    expect(reports.confirmingDelete).toBeNull();
    h.root.events.receive({ id: "4", event: "report-changed", data: event("companyAAAAA", theirs, true) });
    expect(reports.reports).toEqual([]);
  });
});
