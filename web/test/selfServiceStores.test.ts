/** Self sign-up, my messages and the policy pages (issue 11) on the memory fake: stores asserted on observable state. */
import { describe, expect, it } from "vitest";
import type { Message } from "@portal/core/domain/Message";
import { harness } from "./harness";
import { MyMessagesStore } from "../src/stores/MyMessagesStore";
import { PolicyStore } from "../src/stores/PolicyStore";
import { RegisterStore } from "../src/stores/RegisterStore";

const message = (publicId: string, read: boolean, key = "YOUR_ACCESS_TO_COMPANY_EXPIRES"): Message => ({
  publicId, kind: "expiring-access", key, params: { name: "Demo Holding", date: "2026-12-16 10:00" }, link: "/my-companies",
  company: { publicId: "companyAAAAA", name: "Demo Holding" }, read, createdOn: "2026-11-21T10:00:00Z",
});

const signedIn = async () => {
  const h = harness();
  await h.root.session.restore();
  await h.root.session.signIn("demo@example.com", "secret-password");
  return h;
};

describe("RegisterStore", () => {
  it("knows whether the sector takes registrations", async () => {
    const h = harness();
    await h.root.get(RegisterStore).loadAllowed();
    expect(h.root.get(RegisterStore).allowed).toBe(false);
    h.api.state.selfService.selfSignUp = true;
    await h.root.get(RegisterStore).loadAllowed();
    expect(h.root.get(RegisterStore).allowed).toBe(true);
  });

  it("shows core's rule as the person types, sends nothing while it fails, and says to check the mail after", async () => {
    const h = harness();
    h.api.state.selfService.selfSignUp = true;
    const store = h.root.get(RegisterStore);
    store.start(null);
    store.edit({ password: "short" });
    expect(store.errors["password"]).toBe("Use at least 10 characters.");
    expect(store.errors["email"]).toBeUndefined();
    expect(await store.register()).toBe(false);
    expect(store.errors["name"]).toBe(h.root.messages.text("REQUIRED"));
    expect(store.errors["email"]).toBeDefined();
    expect(h.api.state.selfService.registrations).toEqual([]);

    store.edit({ name: "Rita Newcomer", email: " Rita@Example.org ", password: "a long enough secret" });
    expect(store.canSubmit).toBe(true);
    expect(await store.register()).toBe(true);
    expect(store.phase).toBe("sent");
    expect(store.phaseText).toBe("We sent a link to Rita@Example.org. Follow it within 24 hours to confirm your address, then sign in.");
    expect(store.form.password).toBe("");
    expect(h.api.state.selfService.registrations).toEqual([{ email: "rita@example.org", token: "reg-1", confirmed: false }]);
  });

  it("keeps what was typed when the server refuses", async () => {
    const h = harness();
    const store = h.root.get(RegisterStore);
    store.edit({ name: "Rita Newcomer", email: "rita@example.org", password: "a long enough secret" });
    expect(await store.register()).toBe(false);
    expect(store.errors[""]).toBe("This portal does not take registrations. Ask your company's administrator for an invite.");
    expect(store.form).toEqual({ name: "Rita Newcomer", email: "rita@example.org", password: "a long enough secret" });
    expect(store.phase).toBe("form");
    expect(store.allowed).toBe(false);
  });

  it("confirms the mailed link once; a spent link says so", async () => {
    const h = harness();
    h.api.state.selfService.selfSignUp = true;
    const store = h.root.get(RegisterStore);
    store.edit({ name: "Rita Newcomer", email: "rita@example.org", password: "a long enough secret" });
    await store.register();
    await store.confirm("reg-1");
    expect(store.phase).toBe("confirmed");
    expect(store.phaseText).toBe("Your e-mail address rita@example.org is confirmed. You can sign in now.");
    await store.confirm("reg-1");
    expect(store.phase).toBe("failed");
    expect(store.phaseText).toBe("This link is not valid any more: it was already used or has expired. Ask for a new one.");
  });
});

describe("MyMessagesStore", () => {
  it("lists my messages in my language, all or only unread, and counts the unread", async () => {
    const h = await signedIn();
    h.api.state.selfService.messages = [message("m1", false), message("m2", true, "YOU_ARE_INVITED_TO_COMPANY")];
    const store = h.root.get(MyMessagesStore);
    await store.load();
    await store.refreshUnread();
    expect(store.unread).toBe(1);
    expect(store.items.map((m) => store.text(m))).toEqual([
      "Your access to Demo Holding ends on 2026-12-16 10:00.",
      "You are invited to join Demo Holding. Accept or decline the invite on My companies.",
    ]);
    store.setFilter("unread");
    await store.load();
    expect(store.items.map((m) => m.publicId)).toEqual(["m1"]);
  });

  it("marks the selection read and unread in one call; the badge follows", async () => {
    const h = await signedIn();
    h.api.state.selfService.messages = [message("m1", false), message("m2", false), message("m3", true)];
    const store = h.root.get(MyMessagesStore);
    await store.load();
    await store.refreshUnread();
    expect(store.unread).toBe(2);
    store.toggleAll();
    expect(store.allSelected).toBe(true);
    expect(await store.markSelected(true)).toBe(true);
    expect(h.api.state.selfService.messages.every((m) => m.read)).toBe(true);
    expect(store.unread).toBe(0);
    expect(store.selected.size).toBe(0);
    store.toggle("m2");
    expect(await store.markSelected(false)).toBe(true);
    expect(store.items.find((m) => m.publicId === "m2")?.read).toBe(false);
    expect(store.unread).toBe(1);
  });

  it("opens a message: marks it read and follows its link", async () => {
    const h = await signedIn();
    h.api.state.selfService.messages = [message("m1", false)];
    const store = h.root.get(MyMessagesStore);
    await store.load();
    await store.open(store.items[0]!);
    expect(h.api.state.selfService.messages[0]!.read).toBe(true);
    expect(h.navigations.at(-1)).toBe("/my-companies");
  });

  it("a failed mark changes nothing and says why", async () => {
    const h = await signedIn();
    h.api.state.selfService.messages = [message("m1", false)];
    const store = h.root.get(MyMessagesStore);
    await store.load();
    h.api.state.selfService.messages = [];
    expect(await store.mark(["m1"], true)).toBe(false);
    expect(store.items[0]!.read).toBe(false);
    expect(h.root.snackbars.visible.at(-1)?.message).toContain("was not found");
  });

  it("follows the event stream: the count it carries, and an open list is read again", async () => {
    const h = await signedIn();
    const store = h.root.get(MyMessagesStore);
    await store.load();
    expect(store.items).toEqual([]);
    h.api.state.selfService.messages = [message("m9", false)];
    h.root.events.receive({ id: "7", event: "messages-changed", data: JSON.stringify({ unread: 4 }) });
    expect(store.unread).toBe(4);
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.items.map((m) => m.publicId)).toEqual(["m9"]);
    // Without a count, the count is asked.
    h.root.events.receive({ id: "8", event: "messages-changed", data: "{}" });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.unread).toBe(1);
  });

  it("forgets everything at sign-out", async () => {
    const h = await signedIn();
    h.api.state.selfService.messages = [message("m1", false)];
    await h.root.get(MyMessagesStore).load();
    await h.root.get(MyMessagesStore).refreshUnread();
    await h.root.session.signOut();
    expect(h.root.get(MyMessagesStore).items).toEqual([]);
    expect(h.root.get(MyMessagesStore).unread).toBeNull();
  });
});

describe("PolicyStore", () => {
  it("shows the sector's privacy statement in the language asked, English otherwise, and says when none is published", async () => {
    const h = harness();
    await h.root.get(PolicyStore).load("privacy-statement");
    expect(h.root.get(PolicyStore).state).toBe("ready");
    expect(h.root.get(PolicyStore).text).toBeNull();
    expect(h.root.get(PolicyStore).noneText).toBe("No privacy statement has been published yet.");
    h.api.state.selfService.privacy = { publicId: "p1", body: "<p>English</p>", languages: { de: "<p>Deutsch</p>" } };
    await h.root.get(PolicyStore).load("privacy-statement", "de");
    expect(h.root.get(PolicyStore).text).toMatchObject({ body: "<p>Deutsch</p>", language: "de" });
    await h.root.get(PolicyStore).load("privacy-statement", "fr");
    expect(h.root.get(PolicyStore).text).toMatchObject({ body: "<p>English</p>", language: "en" });
  });

  it("needs a session for the company's own texts", async () => {
    const h = harness();
    await h.root.get(PolicyStore).load("company-terms-of-use");
    expect(h.root.get(PolicyStore).state).toBe("failed");
    expect(h.root.get(PolicyStore).loadError).toBe(h.root.messages.ofError({ _tag: "Unauthenticated", reason: "Not signed in" } as never));
    expect(h.root.get(PolicyStore).text).toBeNull();
    expect(h.root.get(PolicyStore).noneText).toBe("No terms of use have been published for this company.");
  });
});
