/**
 * The message catalogue on the web's first load (issue 16): the app starts with the sign-in
 * page's texts and swaps in the whole English catalogue when its chunk has arrived; a sentence
 * kept as text (the sign-in error) waits for it.
 */
import { describe, expect, it } from "vitest";
import { ENGLISH_MESSAGES } from "@portal/core/messages/englishMessages";
import { FIRST_MESSAGES } from "@portal/core/messages/firstMessages";
import type { MessageCatalogue } from "@portal/core/messages/messageFormat";
import { MessageStore } from "../src/stores/MessageStore";
import { harness } from "./harness";

const EMAIL = "demo@example.com";

/** A loader the test resolves or rejects by hand. */
function deferredLoader() {
  let settle: { resolve: (c: MessageCatalogue) => void; reject: (e: unknown) => void } | null = null;
  const load = () => new Promise<MessageCatalogue>((resolve, reject) => void (settle = { resolve, reject }));
  return { load, resolve: (c: MessageCatalogue) => settle!.resolve(c), reject: (e: unknown) => settle!.reject(e) };
}

describe("MessageStore: the whole catalogue arrives after the first texts", () => {
  it("every first text is the English catalogue's own", () => {
    for (const [key, text] of Object.entries(FIRST_MESSAGES)) expect(ENGLISH_MESSAGES[key], key).toEqual(text);
  });

  it("answers with the first texts, then with the whole catalogue once loaded", async () => {
    const loader = deferredLoader();
    const messages = new MessageStore(loader.load);
    expect(messages.text("INVALID_CREDENTIALS")).toBe("The email or password is wrong.");
    expect(messages.ofError({ _tag: "ApiUnavailable" })).toBe("The server cannot be reached. Try again in a moment.");
    // Not among the first texts: the generic sentence meanwhile, never the raw key.
    expect(messages.text("NAME_ALREADY_IN_USE", { name: "Pumps" })).toBe("Something went wrong. Try again.");
    loader.resolve(ENGLISH_MESSAGES);
    await messages.ready;
    expect(messages.text("NAME_ALREADY_IN_USE", { name: "Pumps" })).toBe("Another group type is already named “Pumps”. Choose a different name.");
  });

  it("keeps the first texts when the chunk cannot load", async () => {
    const loader = deferredLoader();
    const messages = new MessageStore(loader.load);
    loader.reject(new Error("server gone"));
    await messages.ready;
    expect(messages.text("error.Forbidden")).toBe("You are not allowed to do this in the selected company.");
  });

  it("forms the sign-in error from the whole catalogue: the refusal waits for it", async () => {
    const loader = deferredLoader();
    const h = harness({ messages: loader.load });
    const signingIn = h.root.session.signIn(EMAIL, "wrong");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.root.session.signInError).toBeNull();
    expect(h.root.session.signingIn).toBe(true);
    loader.resolve({ ...ENGLISH_MESSAGES, INVALID_CREDENTIALS: { text: "Wrong email or password (whole catalogue)." } });
    await signingIn;
    expect(h.root.session.signInError).toBe("Wrong email or password (whole catalogue).");
    expect(h.root.session.signingIn).toBe(false);
  });
});
