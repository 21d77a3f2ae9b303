import { Effect } from "effect";
import fc from "fast-check";
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, type AuditLogEntry } from "@portal/core/domain/AuditLog";
import type { Right } from "@portal/core/domain/Right";
import { ApiFailure, GatewayTimeout } from "@portal/core/errors";
import type { AuditLogsApi } from "@portal/core/ports/PortalApi";
import { AUDIT_FILTER_DELAY_MS, AUDIT_TRAIL_PAGE_SIZE } from "../src/stores/AuditTrailStore";
import { company, flush, harness, START } from "./harness";
import { AuditTrailStore } from "../src/stores/AuditTrailStore";

const TOPICS = ["GroupType", "AssetType", "Translation"] as const;

/** `count` entries, newest first, like the server sends them: topics and actions take turns. */
const entries = (count: number): AuditLogEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    publicId: `audit${String(i).padStart(7, "0")}`,
    action: AUDIT_ACTIONS[i % AUDIT_ACTIONS.length]!,
    topic: TOPICS[i % TOPICS.length]!,
    target: `target${String(i).padStart(6, "0")}`,
    actor: { publicId: "userDemo0001", name: "Demo User" },
    before: null,
    after: { index: i },
    clientAddress: "127.0.0.1",
    createdOn: new Date(START - i * 60_000).toISOString(),
  }));

function setup(rights: ReadonlyArray<Right> = ["use:audit-logs", "manage:group-types"], logs: AuditLogEntry[] = []) {
  const h = harness({ seed: { companies: [{ company: company("companyAAAAA", "Alpha"), rights }], signedIn: true } });
  h.api.state.auditLogs = logs;
  runInAction(() => {
    h.root.session.rights = rights;
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  const listCalls = () => h.api.state.calls.filter((c) => c === "auditLogs.list").length;
  return { ...h, store: h.root.get(AuditTrailStore), listCalls };
}

describe("AuditTrailStore", () => {
  it("loads 50 entries newest first, and Load more follows moreAfter to the end", async () => {
    const h = setup(undefined, entries(120));
    await Promise.all([h.store.ensure(), h.store.ensure()]);
    expect(h.listCalls()).toBe(1);
    expect(h.store.entries).toHaveLength(AUDIT_TRAIL_PAGE_SIZE);
    expect(h.store.entries[0]?.publicId).toBe("audit0000000");
    expect(h.store.canLoadMore).toBe(true);
    await h.store.loadMore();
    expect(h.store.entries).toHaveLength(100);
    await h.store.loadMore();
    expect(h.store.entries.map((e) => e.publicId)).toEqual(entries(120).map((e) => e.publicId));
    expect(h.store.moreAfter).toBeNull();
    expect(h.store.canLoadMore).toBe(false);
    await h.store.loadMore();
    expect(h.listCalls()).toBe(3);
    // Loaded for this company: coming back to the screen does not ask again.
    await h.store.ensure();
    expect(h.listCalls()).toBe(3);
  });

  it("shows a mutation with its actor, action, topic and before/after", async () => {
    const h = setup(["use:audit-logs", "manage:group-types"]);
    h.api.state.groupTypes = [{ publicId: "gtDepartment", name: "Department", order: 0 }];
    const renamed = await h.root.run(h.api.groupTypes.update("gtDepartment", { name: "Teams" }));
    expect(renamed._tag).toBe("Success");
    await h.store.ensure();
    expect(h.store.entries).toHaveLength(1);
    const [entry] = h.store.entries;
    expect(entry).toMatchObject({ action: "UPDATE", topic: "GroupType", target: "gtDepartment", actor: { name: "Demo User" } });
    h.store.select(entry!.publicId);
    expect(h.store.selected?.before).toMatchObject({ name: "Department" });
    expect(h.store.selected?.after).toMatchObject({ name: "Teams" });
    h.store.select(null);
    expect(h.store.selected).toBeUndefined();
  });

  it("filters on topic and actor once typing pauses, on action at once, and clears", async () => {
    const h = setup(undefined, entries(12));
    await h.store.ensure();
    h.store.setFilter("topic", "group");
    h.store.setFilter("topic", "grouptype");
    h.timers.advance(AUDIT_FILTER_DELAY_MS - 1);
    expect(h.listCalls()).toBe(1);
    h.timers.advance(1);
    await flush();
    expect(h.listCalls()).toBe(2);
    expect(h.store.entries.map((e) => e.topic)).toEqual(Array(4).fill("GroupType"));
    h.store.select(h.store.entries[0]!.publicId);
    h.store.setFilter("action", "DELETE");
    await flush();
    // GroupType entries are i = 0, 3, 6, 9; DELETE is i % 4 = 2: i = 6.
    expect(h.store.entries.map((e) => [e.topic, e.action])).toEqual([["GroupType", "DELETE"]]);
    expect(h.store.selected).toBeUndefined();
    // Only blanks changed: nothing is asked again.
    const calls = h.listCalls();
    h.store.setFilter("topic", " grouptype ");
    h.timers.advance(AUDIT_FILTER_DELAY_MS);
    await flush();
    expect(h.listCalls()).toBe(calls);
    h.store.clearFilters();
    await flush();
    expect(h.store.entries).toHaveLength(12);
    expect(h.store.isFiltered).toBe(false);
  });

  it("turns the days picked into the user's time zone range, and asks nothing for a reversed range", async () => {
    const h = setup(undefined, entries(3));
    runInAction(() => (h.root.session.user = { ...(h.root.session.user ?? { publicId: "userDemo0001", name: "Demo User", email: "demo@example.com" }), timeZone: "Europe/Amsterdam" }));
    await h.store.ensure();
    h.store.setFilter("fromDay", "2026-03-01");
    h.store.setFilter("toDay", "2026-03-02");
    expect(h.store.filters).toEqual([
      { op: "gte", column: "createdOn", values: ["2026-02-28T23:00:00Z"] },
      { op: "lt", column: "createdOn", values: ["2026-03-02T23:00:00Z"] },
    ]);
    const calls = h.listCalls();
    h.store.setFilter("fromDay", "2026-03-05");
    await flush();
    expect(h.store.rangeInvalid).toBe(true);
    expect(h.listCalls()).toBe(calls);
    await h.store.exportCsv();
    expect(h.api.state.calls).not.toContain("auditLogs.exportCsv");
  });

  it("exports the filtered entries as CSV through the port and saves the file", async () => {
    const saved: Array<[string, Blob]> = [];
    const h = setup(undefined, entries(12));
    Object.assign(h.store, { saveFile: (name: string, file: Blob) => saved.push([name, file]) });
    h.store.setFilter("action", "UPDATE");
    await h.store.exportCsv();
    expect(saved).toHaveLength(1);
    // The test DOM's Blob has no text(): read it as a browser without it would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]![1]);
    });
    // A header and the three UPDATE entries.
    expect(text.trim().split("\r\n")).toHaveLength(4);
    expect(h.root.snackbars.visible.at(-1)?.message).toBe("AUDIT_EXPORT_SAVED");
  });

  it("drops the answer of an older filter that arrives after a newer one was asked for", async () => {
    const h = setup(undefined, entries(12));
    // The fake answers each list call only when the test releases it, so the answers can cross.
    const release: Array<() => void> = [];
    const list = h.api.auditLogs.list;
    const held: AuditLogsApi = {
      ...h.api.auditLogs,
      list: (request) => Effect.flatMap(Effect.promise(() => new Promise<void>((r) => release.push(r))), () => list(request)),
    };
    Object.assign(h.api, { auditLogs: held });
    const first = h.store.ensure();
    h.store.setFilter("topic", "translation");
    h.timers.advance(AUDIT_FILTER_DELAY_MS);
    await flush();
    expect(release).toHaveLength(2);
    release[1]!();
    await flush();
    release[0]!();
    await Promise.all([first, flush()]);
    expect(h.store.state).toBe("ready");
    expect(h.store.entries.map((e) => e.topic)).toEqual(Array(4).fill("Translation"));
  });

  it("a failed load shows the catalogue's snackbar and is tried again on the next visit", async () => {
    const h = setup(undefined, entries(3));
    h.api.failNext("auditLogs.list", new GatewayTimeout());
    await h.store.ensure();
    expect(h.store.state).toBe("failed");
    expect(h.store.entries).toEqual([]);
    expect(h.root.snackbars.visible.map((s) => [s.message, s.timeoutMs, s.intent])).toEqual([["Gateway Timeout error", 4000, "danger"]]);
    await h.store.ensure();
    expect(h.store.state).toBe("ready");
    expect(h.store.entries).toHaveLength(3);
  });

  it("a failed Load more keeps the entries shown and can be tried again", async () => {
    const h = setup(undefined, entries(60));
    await h.store.ensure();
    h.api.failNext("auditLogs.list", new ApiFailure({ status: 418, issues: [{ message: "Teapot" }] }));
    await h.store.loadMore();
    expect(h.store.entries).toHaveLength(50);
    expect(h.root.snackbars.visible.at(-1)?.message).toBe("Teapot");
    expect(h.store.canLoadMore).toBe(true);
    await h.store.loadMore();
    expect(h.store.entries).toHaveLength(60);
  });

  it("without use:audit-logs the server's refusal is shown, and the list stays empty", async () => {
    const h = setup(["manage:group-types"], entries(3));
    await h.store.ensure();
    expect(h.store.state).toBe("failed");
    expect(h.store.entries).toEqual([]);
    expect(h.root.snackbars.visible).toHaveLength(1);
  });

  it("a company switch starts again from an empty list", async () => {
    const h = setup(undefined, entries(3));
    await h.store.ensure();
    runInAction(() => (h.root.session.selectedCompanyId = "companyBBBBB"));
    h.api.state.auditLogs = entries(1);
    const switching = h.store.ensure();
    expect(h.store.entries).toEqual([]);
    await switching;
    expect(h.store.entries).toHaveLength(1);
  });

  it("property: loading more until the end shows each matching entry once, in the server's order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 140 }), fc.constantFrom("", "type", "asset", "ion"), async (count, text) => {
        const all = entries(count);
        const h = setup(undefined, all);
        h.store.setFilter("topic", text);
        h.timers.advance(AUDIT_FILTER_DELAY_MS);
        await h.store.ensure();
        while (h.store.canLoadMore) await h.store.loadMore();
        const expected = all.filter((e) => e.topic.toLowerCase().includes(text));
        expect(h.store.entries.map((e) => e.publicId)).toEqual(expected.map((e) => e.publicId));
        expect(h.listCalls()).toBe(Math.max(1, Math.ceil(expected.length / AUDIT_TRAIL_PAGE_SIZE)));
      }),
      { numRuns: 40 },
    );
  });
});
