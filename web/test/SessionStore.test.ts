import { Effect } from "effect";
import { describe, expect, it, vi } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { RECENT_COMPANY_MS } from "../src/stores/BrandingStore";
import { AUTH_KEY, COMPANY_KEY } from "../src/stores/SessionStore";
import { company, harness, twoCompanies } from "./harness";

const EMAIL = "demo@example.com";
const PASSWORD = "secret-password";

describe("SessionStore", () => {
  it("signs in, keeps the token in storage with its expiry, and names the root as the destination", async () => {
    const h = harness();
    await h.root.session.signIn(EMAIL, PASSWORD);
    expect(h.root.session.isSignedIn).toBe(true);
    // The sign-in page goes there; the store itself does not navigate (a second navigation raced
    // the company check and took a person of several companies back to a blank deep link).
    expect(h.root.session.destination).toBe("/");
    expect(h.navigations).toEqual([]);
    const stored = await Effect.runPromise(h.storage.get(AUTH_KEY));
    expect(JSON.parse(stored ?? "null")?.secretId).toBe(h.root.session.secret);
    // The stored token reads as absent once it has expired.
    h.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect(await Effect.runPromise(h.storage.get(AUTH_KEY))).toBeUndefined();
  });

  it("keeps a deep link asked for while signed out as the destination after sign-in", async () => {
    const h = harness();
    h.root.session.rememberReturn("/translations?q=1");
    await h.root.session.signIn(EMAIL, PASSWORD);
    expect(h.root.session.destination).toBe("/translations?q=1");
    expect(h.navigations).toEqual([]);
  });

  it("shows the server's message on wrong credentials and stays signed out", async () => {
    const h = harness();
    await h.root.session.signIn(EMAIL, "wrong");
    expect(h.root.session.isSignedIn).toBe(false);
    expect(h.root.session.signInError).toBe("The email or password is wrong.");
    expect(h.root.session.signingIn).toBe(false);
  });

  it("asks for the two-factor code when the user enrolled, then signs in with it", async () => {
    const h = harness();
    h.api.state.twoFactor.enabled = true;
    await h.root.session.signIn(EMAIL, PASSWORD);
    expect(h.root.session.twoFactorPending).toBe(true);
    expect(h.navigations.at(-1)).toBe("/two-factor-auth");
    await h.root.session.submitOtp("000000");
    expect(h.root.session.isSignedIn).toBe(false);
    expect(h.root.session.signInError).not.toBeNull();
    await h.root.session.submitOtp("123456");
    expect(h.root.session.isSignedIn).toBe(true);
    expect(h.root.session.twoFactorPending).toBe(false);
  });

  it("selects the only company by itself and loads its rights", async () => {
    const h = harness({ seed: { companies: [{ company: company("companyAAAAA", "Alpha"), rights: ["manage:translations"] }] } });
    await h.root.session.signIn(EMAIL, PASSWORD);
    await h.root.session.ensureCompany();
    expect(h.root.session.selectedCompanyId).toBe("companyAAAAA");
    expect(h.root.session.rights).toEqual(["manage:translations"]);
    expect(await Effect.runPromise(h.storage.get(COMPANY_KEY))).toBe(JSON.stringify("companyAAAAA"));
  });

  it("lets the user choose among several companies and remembers the choice", async () => {
    const h = harness({ seed: { companies: twoCompanies(ALL_RIGHTS) } });
    await h.root.session.signIn(EMAIL, PASSWORD);
    await h.root.session.ensureCompany();
    expect(h.root.session.needsCompanyChoice).toBe(true);
    expect(h.root.session.selectedCompanyId).toBeNull();
    await h.root.session.selectCompany("companyBBBBB");
    expect(h.root.session.selectedCompanyName).toBe("Beta");
    expect(h.root.session.needsCompanyChoice).toBe(false);
    expect(h.navigations.at(-1)).toBe("/");
    // A reload restores the same session and company from storage.
    const again = await Effect.runPromise(h.storage.get(COMPANY_KEY));
    expect(again).toBe(JSON.stringify("companyBBBBB"));
  });

  it("reads my user and my companies once on the way from sign-in to my-companies", async () => {
    const h = harness({ seed: { companies: twoCompanies(ALL_RIGHTS) } });
    const users = vi.spyOn(h.root.ports.api.me, "myUser");
    const companies = vi.spyOn(h.root.ports.api.me, "myCompanies");
    await h.root.session.signIn(EMAIL, PASSWORD);
    await h.root.session.ensureCompany();
    await h.root.session.loadCompaniesUnlessRecent();
    expect(users).toHaveBeenCalledTimes(1);
    expect(companies).toHaveBeenCalledTimes(1);
    // A read of my user asked for while one is on its way (in the browser, the company check
    // starts before the sign-in's read has come back) joins it.
    await Promise.all([h.root.session.loadUser(), h.root.session.loadUser()]);
    expect(users).toHaveBeenCalledTimes(2);
    expect(h.root.session.user).not.toBeNull();
    expect(h.root.session.companies.map((c) => c.publicId)).toEqual(["companyAAAAA", "companyBBBBB"]);
    // Later (the switcher's "All my companies"), the page reads them again.
    h.clock.advance(RECENT_COMPANY_MS + 1);
    await h.root.session.loadCompaniesUnlessRecent();
    expect(companies).toHaveBeenCalledTimes(2);
  });

  it("logout deletes the token on the server and clears storage, state and branding", async () => {
    const h = harness({ seed: { companies: twoCompanies(ALL_RIGHTS) } });
    await h.root.session.signIn(EMAIL, PASSWORD);
    const publicId = h.root.session.token?.publicId;
    await h.root.session.selectCompany("companyAAAAA");
    await h.root.session.signOut();
    expect(h.api.state.tokens.some((t) => t.publicId === publicId)).toBe(false);
    expect(h.root.session.isSignedIn).toBe(false);
    expect(h.root.session.selectedCompanyId).toBeNull();
    expect(h.root.session.rights).toEqual([]);
    expect(await Effect.runPromise(h.storage.get(AUTH_KEY))).toBeUndefined();
    expect(await Effect.runPromise(h.storage.get(COMPANY_KEY))).toBeUndefined();
    expect(h.root.branding.company).toBeUndefined();
    expect(h.root.branding.sector).toBeUndefined();
    expect(h.navigations.at(-1)).toBe("/login");
  });
});
