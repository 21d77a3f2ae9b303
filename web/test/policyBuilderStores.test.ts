/**
 * The terms of use and privacy statement builders' store (issue 12) on the in-memory PortalApi:
 * languages added without overwriting, switching keeps each text, publish as a new version (one
 * audit entry, the company's terms apply, the terms alert reloaded), a failed publish keeps the
 * draft, and without the right nothing is published.
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { GatewayTimeout } from "@portal/core/errors";
import { company, harness } from "./harness";
import { PrivacyBuilderStore, TermsBuilderStore } from "../src/stores/PolicyBuilderStore";

function builderHarness(rights = ALL_RIGHTS) {
  const h = harness({ seed: { signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights }] } });
  runInAction(() => {
    h.root.session.rights = [...rights];
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  return h;
}

describe("PolicyBuilderStore", () => {
  it("writes per language, refuses to add a language twice and keeps each text when switching", async () => {
    const { root } = builderHarness();
    const store = root.get(TermsBuilderStore);
    await store.load();
    expect(store.state).toBe("ready");
    expect(store.canPublish).toBe(false);
    store.setText("<p><strong>Terms</strong></p>");
    store.setNewLanguage("DE");
    expect(store.addLanguage()).toBe(true);
    expect(store.language).toBe("de");
    expect(store.text).toBe("");
    store.setText("<p>Bedingungen</p>");
    store.setNewLanguage("de");
    expect(store.addLanguage()).toBe(false);
    expect(store.languageIssue).toContain("already has the language “de”");
    expect(store.draft.languages).toEqual({ de: "<p>Bedingungen</p>" });
    store.setNewLanguage("en");
    expect(store.addLanguage()).toBe(false);
    expect(store.draft.body).toBe("<p><strong>Terms</strong></p>");
    store.chooseLanguage("en");
    expect(store.text).toBe("<p><strong>Terms</strong></p>");
    expect(store.languages).toEqual(["en", "de"]);
    expect(store.isDirty).toBe(true);
  });

  it("publishes a new terms version: one audit entry, the company's terms apply, the alert is asked again", async () => {
    const h = builderHarness();
    const store = h.root.get(TermsBuilderStore);
    await store.load();
    store.setText("<p>Version A with <a href=\"https://example.com\">a link</a></p>");
    store.askPublish();
    expect(store.confirmingPublish).toBe(true);
    const calls = h.api.state.calls.length;
    await store.publish();
    expect(store.confirmingPublish).toBe(false);
    expect(store.publishIssue).toBeNull();
    expect(h.api.policyState.versions["terms-of-use"]).toHaveLength(1);
    expect(h.api.policyState.customTermsOfUse).toBe("company");
    expect(h.api.state.auditLogs.filter((a) => a.topic === "TermsOfUsePolicy")).toHaveLength(1);
    expect(store.isDirty).toBe(false);
    expect(store.view?.versions[0]?.body).toContain("Version A");
    // The terms alert is reloaded after publishing.
    expect(h.api.state.calls.slice(calls)).toContain("me.company");
    expect(h.root.snackbars.visible.at(-1)?.message).toBe("POLICY_PUBLISHED");
  });

  it("a failed publish keeps the draft and says what to do; a blank English text cannot be published", async () => {
    const h = builderHarness();
    const store = h.root.get(PrivacyBuilderStore);
    await store.load();
    store.setText("<p></p>");
    expect(store.canPublish).toBe(false);
    store.setText("<p>Our privacy statement</p>");
    h.api.failNext("policyBuilders.publish", new GatewayTimeout());
    await store.publish();
    expect(store.publishIssue).toBe(h.root.messages.text("Gateway Timeout error"));
    expect(store.text).toBe("<p>Our privacy statement</p>");
    expect(store.isDirty).toBe(true);
    expect(h.api.policyState.versions["privacy-statement"]).toHaveLength(0);
    await store.publish();
    expect(h.api.policyState.versions["privacy-statement"]).toHaveLength(1);
    expect(store.publishIssue).toBeNull();
  });

  it("switches whose terms apply, and without the builder's right nothing loads or is published", async () => {
    const h = builderHarness();
    await h.root.get(TermsBuilderStore).load();
    await h.root.get(TermsBuilderStore).setSource("company");
    expect(h.root.get(TermsBuilderStore).view?.customTermsOfUse).toBe("company");
    expect(h.api.state.auditLogs.filter((a) => a.topic === "CompanyTermsOfUseSource")).toHaveLength(1);

    const none = builderHarness(ALL_RIGHTS.filter((r) => r !== "manage:custom-privacy-statement"));
    await none.root.get(PrivacyBuilderStore).load();
    expect(none.root.get(PrivacyBuilderStore).state).toBe("failed");
    none.root.get(PrivacyBuilderStore).setText("<p>x</p>");
    await none.root.get(PrivacyBuilderStore).publish();
    expect(none.api.policyState.versions["privacy-statement"]).toHaveLength(0);
    expect(none.root.get(PrivacyBuilderStore).publishIssue).not.toBeNull();
  });
});
