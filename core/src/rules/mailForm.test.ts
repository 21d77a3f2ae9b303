import fc from "fast-check";
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { configIssues, MAIL_FORM, PageComponent } from "../domain/PageComponent";
import { MAIL_FORM_MAX_RECIPIENTS, mailFormMail, mailFormRefused, parseRecipients } from "./mailForm";

const input = {
  deviceName: "Boiler 7", devicePublicId: "abcdefghijkl", senderName: "Emil", senderEmail: "emil@example.com",
  pageTitle: "Plant", formTitle: "Contact service", subject: null, message: " Noisy pump ", deviceLink: "https://p/devices/abcdefghijkl",
};

describe("parseRecipients", () => {
  it("splits on commas and semicolons, lower-cases and drops repeats", () => {
    expect(parseRecipients("A@x.com; b@y.org, a@X.com ,")).toEqual({ ok: true, recipients: ["a@x.com", "b@y.org"] });
    expect(parseRecipients("")).toEqual({ ok: true, recipients: [] });
  });
  it("refuses a bad address and more than the maximum", () => {
    expect(parseRecipients("a@x.com, nobody")).toEqual({ ok: false, message: "Not an e-mail address: nobody" });
    const many = Array.from({ length: MAIL_FORM_MAX_RECIPIENTS + 1 }, (_, i) => `u${i}@x.com`).join(",");
    expect(parseRecipients(many).ok).toBe(false);
  });
  it("is what the mail form's config schema accepts", () => {
    const decode = Schema.decodeUnknownResult(PageComponent);
    const at = (recipients: string) => decode({ id: "m", kind: "mail-form", x: 0, y: 0, w: 4, h: 5, config: { ...MAIL_FORM.defaults, recipients } });
    expect(at("a@x.com")._tag).toBe("Success");
    expect(at("a@x.com, oops")._tag).toBe("Failure");
    // The editor names the refused field before the autosave is refused.
    expect(configIssues("mail-form", { ...MAIL_FORM.defaults, recipients: "a@x.com, oops" })).toEqual({ recipients: "Not an e-mail address: oops" });
    expect(configIssues("mail-form", MAIL_FORM.defaults)).toEqual({});
  });
});

describe("mailFormMail", () => {
  it("names the device in the subject and the device and sender in the text", () => {
    const m = mailFormMail(input);
    expect(m.subject).toBe("[Boiler 7] Contact service");
    expect(m.text).toContain("Emil <emil@example.com> sent this message about the device Boiler 7 (abcdefghijkl)");
    expect(m.text).toContain("\nNoisy pump\n");
    expect(m.text).toContain("Device: https://p/devices/abcdefghijkl");
  });
  it("never puts a line break into the subject", () => {
    fc.assert(fc.property(fc.string(), fc.string(), fc.string(), (subject, deviceName, formTitle) => {
      expect(mailFormMail({ ...input, subject, deviceName, formTitle }).subject).not.toMatch(/[\r\n]/);
    }));
  });
  it("refuses with 429 wording that names the wait", () => {
    expect(mailFormRefused(61_000)).toMatchObject({ message: "You have sent too many messages. Try again in 2 minutes.", retryAfterSeconds: 61 });
  });
});
