import { runInAction } from "mobx";
import { GatewayTimeout } from "@portal/core/errors";
import { describe, expect, it } from "vitest";
import { company, harness } from "./harness";
import { TermsStore } from "../src/stores/TermsStore";

const withTerms = (accepted: boolean) => ({ ...company("companyAAAAA", "Alpha"), latestTermsOfUse: { publicId: "terms2", body: "<p>v2</p>", accepted } });

async function signedIn(accepted: boolean) {
  const h = harness({ seed: { companies: [{ company: withTerms(accepted), rights: [] }] } });
  await h.root.session.signIn("demo@example.com", "secret-password");
  await h.root.session.ensureCompany();
  await h.root.get(TermsStore).load("companyAAAAA");
  return h;
}

describe("TermsStore", () => {
  it("prompts for unaccepted terms; OK records the acceptance and the prompt stays gone after a reload", async () => {
    const h = await signedIn(false);
    expect(h.root.get(TermsStore).pending?.publicId).toBe("terms2");
    await h.root.get(TermsStore).accept();
    expect(h.root.get(TermsStore).pending).toBeNull();
    expect(h.root.get(TermsStore).acceptError).toBeNull();
    await h.root.get(TermsStore).load("companyAAAAA");
    expect(h.root.get(TermsStore).pending).toBeNull();
  });

  it("does not prompt for accepted terms", async () => {
    const h = await signedIn(true);
    expect(h.root.get(TermsStore).pending).toBeNull();
  });

  it("a report jump-start session suppresses the prompt", async () => {
    const h = await signedIn(false);
    runInAction(() => (h.root.session.termsPromptSuppressed = true));
    expect(h.root.get(TermsStore).pending).toBeNull();
  });

  it("a failed acceptance keeps the prompt with a sentence", async () => {
    const h = await signedIn(false);
    h.api.failNext("me.acceptTermsOfUse", new GatewayTimeout());
    await h.root.get(TermsStore).accept();
    expect(h.root.get(TermsStore).pending?.publicId).toBe("terms2");
    expect(h.root.get(TermsStore).acceptError).toMatch(/\w+ \w+/);
  });

  it("signing out drops the prompt", async () => {
    const h = await signedIn(false);
    await h.root.session.signOut();
    expect(h.root.get(TermsStore).pending).toBeNull();
  });
  it("the alert takes the record the branding just read for the company: one call, not two", async () => {
    const h = harness({ seed: { companies: [{ company: withTerms(false), rights: [] }] } });
    await h.root.session.signIn("demo@example.com", "secret-password");
    await h.root.session.ensureCompany();
    const reads = () => h.api.state.calls.filter((c) => c === "me.company").length;
    const before = reads();
    expect(before).toBe(1);
    await h.root.get(TermsStore).load("companyAAAAA", { reuseRecent: true });
    expect(reads()).toBe(before);
    expect(h.root.get(TermsStore).pending?.publicId).toBe("terms2");
    // Older than RECENT_COMPANY_MS, or asked without reuse: read again.
    h.clock.advance(10_001);
    await h.root.get(TermsStore).load("companyAAAAA", { reuseRecent: true });
    expect(reads()).toBe(before + 1);
    await h.root.get(TermsStore).load("companyAAAAA");
    expect(reads()).toBe(before + 2);
  });
});
