/**
 * Issue 16, lost work: a save that fails (offline, server gone, 409) keeps the dialog's values
 * and says what to do; a failure with unsaved work open never navigates away; a retry works.
 * Stores on core's in-memory fakes, asserted on observable state and the outcome.
 */
import { describe, expect, it } from "vitest";
import { ApiUnavailable, NameAlreadyInUse } from "@portal/core/errors";
import { messageText } from "@portal/core/messages/messages";
import { API_UNAVAILABLE_PATH } from "@portal/core/rules/connectivity";
import { ALL_TYPE_RIGHTS, typesHarness } from "./typesHarness";

describe("a failed save keeps the work", () => {
  it("offline: says 'No connection', adds nothing, and a retry once online saves", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS);
    const before = h.groupTypes.items.length;
    h.root.connectivity.start();
    h.setOnline(false);
    h.api.failNext("groupTypes.add", new ApiUnavailable({ status: 0 }));
    const outcome = await h.groupTypes.add({ name: "Shift B", color: "#123456" });
    expect(outcome).toMatchObject({ ok: false, issues: [], message: { key: "save.offline" } });
    expect(messageText("save.offline")).toMatch(/^No connection/);
    expect(h.groupTypes.items).toHaveLength(before);
    expect(h.root.connectivity.offlineMessage).toBe("No connection");
    h.setOnline(true);
    expect(await h.groupTypes.add({ name: "Shift B", color: "#123456" })).toMatchObject({ ok: true });
    expect(h.groupTypes.items).toHaveLength(before + 1);
  });

  it("server gone (500 or no answer) with unsaved work open: a message, no navigation to api-unavailable", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS);
    const release = h.root.connectivity.holdWork();
    h.api.failNext("groupTypes.add", new ApiUnavailable({ status: 500 }));
    h.root.connectivity.answered(500);
    const outcome = await h.groupTypes.add({ name: "Night", color: "#abcdef" });
    expect(outcome).toMatchObject({ ok: false, message: { key: "save.unavailable" } });
    expect(h.navigations).not.toContain(API_UNAVAILABLE_PATH);
    release();
    h.root.connectivity.answered(503);
    expect(h.navigations).toContain(API_UNAVAILABLE_PATH);
  });

  it("409 name clash: the issue goes on the name field, nothing else changes", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS);
    const before = h.groupTypes.items;
    h.api.failNext("groupTypes.add", new NameAlreadyInUse({ name: "Taken" }));
    const outcome = await h.groupTypes.add({ name: "Taken", color: "#abcdef" });
    expect(outcome).toMatchObject({ ok: false, issues: [{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }], message: null });
    expect(h.groupTypes.items).toEqual(before);
    expect(h.root.messages.text("NAME_ALREADY_IN_USE", { name: "Taken" })).toContain("“Taken”");
  });

  it("a company translation of a message key overrides the English text", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, { translations: [{ publicId: "trReq0000000", key: "REQUIRED", languages: { en: "Please fill this in." } }] });
    await h.translations.ensure();
    expect(h.root.messages.text("REQUIRED")).toBe("Please fill this in.");
  });
});
