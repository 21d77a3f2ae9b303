import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkExpiresOn, checkUserRows, EXPIRES_ON_IN_THE_PAST, expiresOnInstant, INVALID_EXPIRES_ON, isEmailAddress, matchesUserSearch,
  normaliseEmail, passwordIssue, splitEmailList,
} from "./users";

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

describe("users rules", () => {
  it("splits the invite dialog's addresses, normalised and each once", () => {
    expect(splitEmailList(" Anna@Example.com, bob@example.com;\nanna@example.com  nope ")).toEqual({
      emails: ["anna@example.com", "bob@example.com"], invalid: ["nope"],
    });
    expect(isEmailAddress("a@b")).toBe(false);
    expect(isEmailAddress("a b@c.de")).toBe(false);
  });

  it("reads a date as the end of that UTC day and refuses past ones", () => {
    expect(expiresOnInstant("2026-11-25")).toBe(Date.UTC(2026, 10, 26));
    expect(expiresOnInstant("2026-02-30")).toBeUndefined();
    expect(checkExpiresOn("2026-11-25", NOW)).toEqual({ ok: true, expiresOn: Date.UTC(2026, 10, 26) });
    expect(checkExpiresOn("2026-11-24", NOW)).toMatchObject({ ok: false, issue: { message: EXPIRES_ON_IN_THE_PAST } });
    expect(checkExpiresOn("next week", NOW)).toMatchObject({ ok: false, issue: { message: INVALID_EXPIRES_ON } });
    expect(checkExpiresOn(null, NOW)).toEqual({ ok: true, expiresOn: null });
    expect(checkExpiresOn("2026-11-25T12:00:01Z", NOW)).toEqual({ ok: true, expiresOn: NOW + 1000 });
  });

  it("judges a new account's password", () => {
    expect(passwordIssue("short1", "a@b.de")).toBe("PASSWORD_TOO_SHORT");
    expect(passwordIssue("aaaabbbbaaaabbbb", "a@b.de")).toBe("PASSWORD_TOO_SIMPLE");
    expect(passwordIssue("anna-2026!xyz", "Anna@example.com")).toBe("PASSWORD_CONTAINS_PERSONAL");
    expect(passwordIssue("correct horse 9", "anna@example.com")).toBeUndefined();
  });

  it("property: an accepted temporary access always ends after now", () => {
    fc.assert(fc.property(fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }), fc.integer({ min: 0, max: 4e12 }), (d, now) => {
      const r = checkExpiresOn(d.toISOString(), now);
      if (r.ok) expect(r.expiresOn === null || r.expiresOn > now).toBe(true);
      else expect(r.issue.message).toBe(EXPIRES_ON_IN_THE_PAST);
    }));
  });

  it("property: splitEmailList yields valid, normalised, distinct addresses", () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.emailAddress(), fc.string())), (parts) => {
      const { emails } = splitEmailList(parts.join(", "));
      expect(new Set(emails).size).toBe(emails.length);
      for (const e of emails) { expect(isEmailAddress(e)).toBe(true); expect(normaliseEmail(e)).toBe(e); }
    }));
  });

  it("property: search is case-insensitive on name and e-mail", () => {
    fc.assert(fc.property(fc.string(), fc.emailAddress(), fc.nat(), (name, email, cut) => {
      const part = name.slice(0, cut % (name.length + 1));
      expect(matchesUserSearch({ name, email }, part.toUpperCase()) || part.toUpperCase().toLowerCase() !== part.toLowerCase()).toBe(true);
      expect(matchesUserSearch({ name, email }, email.toUpperCase())).toBe(true);
    }));
  });
});

describe("users file rows", () => {
  const roles = [{ publicId: "roleViewer01", name: "Viewer" }];
  const row = (line: number, email: string, role = "viewer", expiresOn = "") => ({ line, email, name: "", role, expiresOn });
  it("judges each row: address, duplicates, role by name or id, past dates", () => {
    const checked = checkUserRows([row(2, "a@example.com"), row(3, "A@example.com"), row(4, "b@example.com", "Boss"), row(5, "c@example.com", "roleViewer01", "2020-01-01")], roles, NOW);
    expect(checked.map((c) => c.issues.map((i) => i.message))).toEqual([[], ["DUPLICATE_EMAIL"], ["UNKNOWN_ROLE"], ["EXPIRES_ON_IN_THE_PAST"]]);
    expect(checked[0]!.rolePublicId).toBe("roleViewer01");
  });
  it("property: a good row has a valid address that no other good row has", () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.emailAddress(), fc.constant("x"))), (emails) => {
      const good = checkUserRows(emails.map((e, i) => row(i + 2, e)), roles, NOW).filter((c) => c.issues.length === 0);
      const addresses = good.map((c) => normaliseEmail(c.row.email));
      expect(new Set(addresses).size).toBe(addresses.length);
      for (const a of addresses) expect(isEmailAddress(a)).toBe(true);
    }));
  });
});
