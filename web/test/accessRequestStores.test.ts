import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_DURATION, INVALID_DATE_AND_TIME, REQUIRED, VPN_SERVICE_VALUE } from "@portal/core/rules/accessRequestForm";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import { ApiUnavailable } from "@portal/core/errors";
import { DEVICES_PAGE_SIZE, DEVICES_SEARCH_DELAY_MS } from "../src/stores/DevicesStore";
import { EVENT_RETRY_DELAYS_MS } from "../src/stores/EventStreamStore";
import { MUTED_REMINDERS_KEY } from "../src/stores/ReminderStore";
import { ANNA, ZOE, accessHarness, agent } from "./accessHarness";
import { flush } from "./harness";
import { AccessRequestDialogStore } from "../src/stores/AccessRequestDialogStore";
import { ApprovalsStore } from "../src/stores/ApprovalsStore";
import { DevicesStore } from "../src/stores/DevicesStore";
import { MyAccessRequestsStore } from "../src/stores/MyAccessRequestsStore";
import { ReminderStore } from "../src/stores/ReminderStore";

const MINUTE = 60_000;

/** Fills the dialog for the first device and sends it; answers the new request's publicId. */
async function sendRequest(h: ReturnType<typeof accessHarness>, minutes = 30): Promise<string> {
  const device = (await Effect.runPromise(h.api.accessRequests.agent("agent0000001")));
  await h.root.get(AccessRequestDialogStore).open(device);
  const d = h.root.get(AccessRequestDialogStore);
  d.edit("services", [VPN_SERVICE_VALUE]);
  d.edit("approvers", [ANNA.publicId]);
  d.edit("reason", "Firmware update");
  d.edit("duration", minutes === 30 ? DEFAULT_DURATION : { format: "minutes", value: minutes });
  await d.send();
  expect(d.dialog.phase).toBe("submitted");
  return h.api.state.accessRequests.at(-1)!.request.publicId;
}

describe("DevicesStore", () => {
  it("loads one page of 10,000 devices, follows the cursor, and filters on the server", async () => {
    const h = accessHarness({ agents: Array.from({ length: 10_000 }, (_, i) => agent(i + 1)) });
    const devices = h.root.get(DevicesStore);
    await devices.reload();
    expect(devices.devices).toHaveLength(DEVICES_PAGE_SIZE);
    expect(h.api.state.calls.filter((c) => c === "accessRequests.agents")).toHaveLength(1);
    await devices.loadMore();
    expect(devices.devices).toHaveLength(2 * DEVICES_PAGE_SIZE);
    expect(devices.devices[DEVICES_PAGE_SIZE]?.name).toBe("Device 00051");

    devices.setSearch("device 0999");
    devices.setSearch("DEVICE 09999");
    h.timers.advance(DEVICES_SEARCH_DELAY_MS);
    await flush();
    expect(devices.devices.map((d) => d.name)).toEqual(["Device 09999"]);
    expect(h.api.state.calls.filter((c) => c === "accessRequests.agents")).toHaveLength(3);

    devices.setSearch("");
    devices.setOnline("offline");
    await flush();
    expect(devices.devices.every((d) => !d.online)).toBe(true);
    devices.setOnline("all");
    devices.setGroup("groupPlantA1");
    await flush();
    expect(devices.devices.map((d) => d.publicId)).toEqual(["agent0000001"]);
    expect(devices.groupChoices.map((g) => g.name)).toEqual(["Plant A"]);
  });

  it("shows my access at a glance: pending, then active until the end once approved", async () => {
    const h = accessHarness();
    const id = await sendRequest(h);
    await h.root.get(DevicesStore).reload();
    expect(h.root.get(DevicesStore).devices[0]?.myAccess.state).toBe("pending");
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "approve")));
    await h.root.get(DevicesStore).refreshDevice("agent0000001");
    expect(h.root.get(DevicesStore).devices[0]?.myAccess).toMatchObject({ state: "active", end: toUtcIsoSeconds(Date.parse("2026-11-21T10:30:00Z")) });
  });

  it("offers every group holding a device in the group filter, not only the groups of the loaded page", async () => {
    const h = accessHarness({ agents: Array.from({ length: 200 }, (_, i) => agent(i + 1)) });
    h.api.state.agentGroups["agent0000200"] = [{ publicId: "groupNorth01", name: "North yard" }];
    const devices = h.root.get(DevicesStore);
    await devices.reload();
    await flush();
    expect(devices.devices.some((d) => d.publicId === "agent0000200")).toBe(false);
    expect(devices.groupChoices.map((g) => g.name)).toEqual(["North yard", "Plant A"]);
    await devices.reload();
    expect(h.api.state.calls.filter((c) => c === "accessRequests.deviceGroups")).toHaveLength(1);
  });

  it("Try again resets a hard rate limit on the open page and in the list; a soft limit is refused with a sentence", async () => {
    const hard = { configOpenvpnLimit: "hard" as const, configOpenvpnCounter: 12, configOpenvpnLastHit: null };
    const soft = { configOpenvpnLimit: "soft" as const, configOpenvpnCounter: 3, configOpenvpnLastHit: null };
    const h = accessHarness({ agents: [agent(1, { rateLimiting: hard }), agent(2, { rateLimiting: soft })] });
    const devices = h.root.get(DevicesStore);
    await devices.reload();
    await devices.openDevice("agent0000001");
    await devices.tryAgain();
    expect(devices.device?.rateLimiting).toBeNull();
    expect(devices.devices.find((d) => d.publicId === "agent0000001")?.rateLimiting).toBeNull();
    expect(devices.tryingAgain).toBe(false);
    await devices.openDevice("agent0000002");
    await devices.tryAgain();
    expect(devices.device?.rateLimiting).toEqual(soft);
    const shown = h.root.snackbars.visible.map((s) => h.root.messages.text(s.message));
    expect(shown).toContain("The system is still trying to connect this device by itself: Try again is offered once it has stopped.");
  });
});

describe("AccessRequestDialogStore", () => {
  it("says 'Unable to request access' for a device without approvers", async () => {
    const h = accessHarness({ approvers: {} });
    await h.root.get(AccessRequestDialogStore).open(await Effect.runPromise(h.api.accessRequests.agent("agent0000001")));
    expect(h.root.get(AccessRequestDialogStore).dialog.phase).toBe("no-approvers");
    expect(h.root.get(AccessRequestDialogStore).view.showOk).toBe(true);
    h.root.get(AccessRequestDialogStore).dispatch({ type: "ok" });
    expect(h.root.get(AccessRequestDialogStore).isOpen).toBe(false);
  });

  it("keeps Send disabled while untouched or invalid, shows REQUIRED and the minimum start, and sorts approvers", async () => {
    const h = accessHarness();
    const d = h.root.get(AccessRequestDialogStore);
    await d.open(await Effect.runPromise(h.api.accessRequests.agent("agent0000001")));
    expect(d.approvers.map((a) => a.name)).toEqual(["Anna Approver", "Zoë Zimmer"]);
    expect(d.matchingApprovers.map((a) => a.name)).toEqual(["Anna Approver", "Zoë Zimmer"]);
    d.setApproverQuery("ZOE");
    expect(d.matchingApprovers).toEqual([ZOE]);
    expect(d.serviceGroups.map((g) => [g.group, g.options.map((o) => o.label)])).toEqual([[null, ["VPN", "SSH"]], ["HMI", ["Web panel"]]]);
    expect(d.values.duration).toEqual(DEFAULT_DURATION);
    expect(d.canSend).toBe(false);
    d.edit("reason", "  ");
    expect(d.errorOf("reason")).toBe(REQUIRED);
    expect(d.errorOf("services")).toBeUndefined();
    d.edit("start", Date.parse("2026-11-21T09:55:00Z"));
    expect(d.errorOf("start")).toBe(INVALID_DATE_AND_TIME);
    d.dispatch({ type: "escape" });
    expect(d.dialog.phase).toBe("discard-warning");
    d.dispatch({ type: "keep-editing" });
    expect(d.dialog.phase).toBe("form");
  });

  it("keeps every value when the send fails, and sends once the server is back", async () => {
    const h = accessHarness();
    const d = h.root.get(AccessRequestDialogStore);
    await d.open(await Effect.runPromise(h.api.accessRequests.agent("agent0000001")));
    d.edit("services", [VPN_SERVICE_VALUE, "srvWeb000001"]);
    d.edit("approvers", [ANNA.publicId]);
    d.edit("reason", "Check alarms");
    h.api.failNext("accessRequests.create", new ApiUnavailable({ status: 0 }));
    await d.send();
    expect(d.dialog.phase).toBe("form");
    expect(d.failure?.key).toBe("save.unavailable");
    expect(d.values.reason).toBe("Check alarms");
    await d.send();
    expect(d.dialog.phase).toBe("submitted");
    expect(h.api.state.accessRequests[0]?.request).toMatchObject({ vpn: true, reason: "Check alarms", status: "pending" });
  });

  it("opened from a VPN connect attempt: VPN preselected, not closable by the user", async () => {
    const h = accessHarness();
    const d = h.root.get(AccessRequestDialogStore);
    await d.open(await Effect.runPromise(h.api.accessRequests.agent("agent0000001")), { fromVpnConnect: true });
    expect(d.values.services).toEqual([VPN_SERVICE_VALUE]);
    expect(d.view.showCancel).toBe(false);
    d.dispatch({ type: "escape" });
    d.dispatch({ type: "backdrop" });
    expect(d.dialog.phase).toBe("form");
  });
});

describe("decisions, events and the approver's inbox", () => {
  it("shows 'Anna Approver has approved your access request.' for 4 s from the event, without a reload", async () => {
    const h = accessHarness();
    h.root.events.start();
    const id = await sendRequest(h);
    await h.root.get(MyAccessRequestsStore).show("pending");
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "approve", "Go ahead")));
    await flush();
    const notice = h.root.snackbars.visible.find((s) => s.key === `decision-${id}`);
    expect(notice && h.root.messages.text(notice.message, notice.params)).toBe("Anna Approver has approved your access request.");
    expect(notice?.timeoutMs).toBe(4000);
    expect(h.root.get(MyAccessRequestsStore).boxes.pending.rows).toHaveLength(0);
  });

  it("reconnects after a drop with a growing delay and the last event id, and misses nothing", async () => {
    const h = accessHarness();
    h.root.events.start();
    const id = await sendRequest(h);
    await flush();
    const seen = h.root.events.lastEventId;
    expect(seen).not.toBeNull();
    h.stream.drop();
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "reject")));
    expect(h.timers.nextDelay).toBe(EVENT_RETRY_DELAYS_MS[0]);
    h.timers.advance(EVENT_RETRY_DELAYS_MS[0]);
    await flush();
    expect(h.stream.openedWith.at(-1)).toBe(seen);
    const notice = h.root.snackbars.visible.find((s) => s.key === `decision-${id}`);
    expect(notice && h.root.messages.text(notice.message, notice.params)).toBe("Anna Approver has rejected your access request.");
  });

  it("a list refresh that shows the decision before its event arrives does not swallow the notice", async () => {
    const h = accessHarness();
    h.root.events.start();
    const id = await sendRequest(h);
    const mine = h.root.get(MyAccessRequestsStore);
    await mine.show("pending");
    await flush();
    h.stream.drop();
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "approve", "Go ahead")));
    // Another cause reloads the lists first: they show the request approved already.
    await mine.load("active");
    await mine.refresh();
    expect(mine.knownStatus(id)).toBe("approved");
    h.timers.advance(EVENT_RETRY_DELAYS_MS[0]);
    await flush();
    const notice = h.root.snackbars.visible.find((s) => s.key === `decision-${id}`);
    expect(notice && h.root.messages.text(notice.message, notice.params)).toBe("Anna Approver has approved your access request.");
  });

  it("tells the second approver that the request was already decided, and refreshes the inbox", async () => {
    const h = accessHarness();
    const id = await sendRequest(h);
    h.api.state.accessRequests[0] = { ...h.api.state.accessRequests[0]!, request: { ...h.api.state.accessRequests[0]!.request, allowedApprovers: [ANNA, ZOE] } };
    await h.asApprover(async () => {
      await h.root.get(ApprovalsStore).show("pending");
      expect(h.root.get(ApprovalsStore).boxes.pending.rows.map((r) => r.request.publicId)).toEqual([id]);
    });
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "approve")), ZOE);
    const ok = await h.asApprover(() => h.root.get(ApprovalsStore).decide(id, "reject", "No"));
    expect(ok).toBe(false);
    expect(h.root.snackbars.visible.at(-1)?.message).toMatch(/no longer waiting for a decision/);
    expect(h.root.get(ApprovalsStore).boxes.pending.rows).toHaveLength(0);
  });
});

describe("ReminderStore", () => {
  it("reminds 10 and 2 minutes before the end on the one-minute timer; closing mutes until the next remind time", async () => {
    const h = accessHarness();
    const id = await sendRequest(h, 30);
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "approve")));
    await h.root.get(ReminderStore).start();
    const tickTo = (minute: number) => {
      while (h.timers.now < minute * MINUTE) {
        h.clock.advance(MINUTE);
        h.timers.advance(MINUTE);
      }
    };
    expect(h.root.get(ReminderStore).visible).toHaveLength(0);
    tickTo(19);
    expect(h.root.get(ReminderStore).visible).toHaveLength(0);
    tickTo(20);
    expect(h.root.get(ReminderStore).visible.map((r) => r.message)).toEqual(["Your access to Device 00001 ends soon."]);
    h.root.get(ReminderStore).muteAll();
    await flush();
    expect(h.root.get(ReminderStore).visible).toHaveLength(0);
    expect(await Effect.runPromise(h.storage.get(MUTED_REMINDERS_KEY))).toBeDefined();
    // A reload keeps the mute (client storage).
    await h.root.get(ReminderStore).reload();
    expect(h.root.get(ReminderStore).visible).toHaveLength(0);
    tickTo(27);
    expect(h.root.get(ReminderStore).visible).toHaveLength(0);
    tickTo(28);
    expect(h.root.get(ReminderStore).visible).toHaveLength(1);
    tickTo(30);
    expect(h.root.get(ReminderStore).visible).toHaveLength(0);
  });

  it("after a page load whose requests fail or come late, a tick keeps the stored mutes and loads again", async () => {
    const h = accessHarness();
    const id = await sendRequest(h, 30);
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "approve")));
    const first = h.root.get(ReminderStore);
    await first.start();
    const tickTo = (minute: number) => {
      while (h.timers.now < minute * MINUTE) {
        h.clock.advance(MINUTE);
        h.timers.advance(MINUTE);
      }
    };
    tickTo(20);
    first.muteAll();
    await flush();
    first.stop();
    const stored = await Effect.runPromise(h.storage.get(MUTED_REMINDERS_KEY));
    expect(stored).toBeDefined();
    // The page again: a store of its own whose first load fails (both boxes: the API is down).
    h.api.failNext("accessRequests.mine", new ApiUnavailable({ status: 0 }), 2);
    const again = new ReminderStore(h.root);
    await again.start();
    expect(again.reminders).toHaveLength(0);
    // The tick before any reminder is known neither erases the stored mute nor waits for an event to load.
    tickTo(21);
    await flush();
    expect(await Effect.runPromise(h.storage.get(MUTED_REMINDERS_KEY))).toBe(stored);
    expect(again.reminders.map((r) => r.id)).toEqual([id]);
    expect(again.visible).toHaveLength(0);
    tickTo(28);
    expect(again.visible).toHaveLength(1);
    again.stop();
  });

  it("Extend asks the same approvers for 30 more minutes; approving it moves the end", async () => {
    const h = accessHarness();
    const id = await sendRequest(h, 30);
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "approve")));
    await h.root.get(ReminderStore).start();
    expect(await h.root.get(ReminderStore).extend(id)).toBe(true);
    const extension = h.api.state.accessRequests.at(-1)!;
    expect(extension.request).toMatchObject({ status: "pending", extendsRequest: { publicId: id }, start: "2026-11-21T10:30:00Z", end: "2026-11-21T11:00:00Z" });
    expect(extension.request.allowedApprovers).toEqual([ANNA]);
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(extension.request.publicId, "approve")));
    expect(h.api.state.accessRequests.find((m) => m.request.publicId === id)?.request.end).toBe("2026-11-21T11:00:00Z");
  });

  it("property: a reminder is never visible after its access ended, whatever the ticks and mutes", async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.boolean()), { maxLength: 12 }), async (steps) => {
      const h = accessHarness();
      const id = await sendRequest(h, 30);
      await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "approve")));
      await h.root.get(ReminderStore).start();
      for (const [minutes, mute] of steps) {
        h.clock.advance(minutes * MINUTE);
        h.timers.advance(minutes * MINUTE);
        if (mute) h.root.get(ReminderStore).muteAll();
        const now = Effect.runSync(h.clock.now);
        for (const r of h.root.get(ReminderStore).visible) expect(now).toBeLessThan(r.expiresOn);
      }
    }), { numRuns: 25 });
  });
});
