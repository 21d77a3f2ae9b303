/** My account stores on the memory fake: profile, password change, e-mail change, sessions, two-factor, recovery. */
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { BROWSER_ID_KEY } from "../src/stores/SessionStore";
import { harness } from "./harness";
import { MyProfileStore } from "../src/stores/MyProfileStore";
import { MySessionsStore } from "../src/stores/MySessionsStore";
import { RecoverStore } from "../src/stores/RecoverStore";
import { TwoFactorStore } from "../src/stores/TwoFactorStore";

const EMAIL = "demo@example.com";
const PASSWORD = "secret-password";

const signedIn = async () => {
  const h = harness();
  await h.root.session.restore();
  await h.root.session.signIn(EMAIL, PASSWORD);
  return h;
};

describe("MyProfileStore", () => {
  it("saves name, language and time zone, and keeps what was typed when the save fails", async () => {
    const h = await signedIn();
    const store = h.root.get(MyProfileStore);
    await store.load();
    store.editProfile({ name: "Ada Lovelace", timeZone: "Europe/Amsterdam" });
    expect(store.isProfileDirty).toBe(true);
    expect(await store.saveProfile()).toBe(true);
    expect(h.api.state.user).toMatchObject({ name: "Ada Lovelace", timeZone: "Europe/Amsterdam" });
    expect(h.root.session.timeZone).toBe("Europe/Amsterdam");
    expect(store.isProfileDirty).toBe(false);

    store.editProfile({ timeZone: "Mars/Base" });
    expect(await store.saveProfile()).toBe(false);
    expect(store.profile.timeZone).toBe("Mars/Base");
    expect(store.profileErrors["timeZone"]).toBe("Choose a time zone from the list.");
  });

  it("changes the password, shows PASSWORD_CHANGED for 3 s and empties the form", async () => {
    const h = await signedIn();
    const store = h.root.get(MyProfileStore);
    await store.load();
    store.editPassword({ oldPassword: PASSWORD, newPassword: "short" });
    expect(store.newPasswordProblems).toEqual(["Use at least 10 characters."]);
    expect(store.canChangePassword).toBe(false);
    store.editPassword({ newPassword: "a much better secret" });
    expect(await store.changePassword()).toBe(true);
    expect(h.api.state.user.password).toBe("a much better secret");
    expect(h.root.snackbars.visible.at(-1)).toMatchObject({ message: "PASSWORD_CHANGED", timeoutMs: 3000 });
    expect(store.password.oldPassword).toBe("");
  });

  it("shows a wrong old password under its field and keeps the new one", async () => {
    const h = await signedIn();
    const store = h.root.get(MyProfileStore);
    await store.load();
    store.editPassword({ oldPassword: "not it", newPassword: "a much better secret" });
    expect(await store.changePassword()).toBe(false);
    expect(store.passwordErrors["oldPassword"]).toBe("The password is wrong.");
    expect(store.password.newPassword).toBe("a much better secret");
  });

  it("asks for an e-mail change, shows it pending, and the mailed link confirms it once", async () => {
    const h = await signedIn();
    const store = h.root.get(MyProfileStore);
    await store.load();
    store.editEmail({ email: "ada@example.org", password: PASSWORD });
    expect(await store.requestEmailChange()).toBe(true);
    expect(store.user?.pendingEmail).toBe("ada@example.org");
    const mail = h.api.state.account.mails.at(-1)!;
    expect(mail.to).toBe("ada@example.org");
    await h.root.get(RecoverStore).confirmEmail(mail.token);
    expect(h.root.get(RecoverStore).confirmPhase).toBe("confirmed");
    expect(h.api.state.user.email).toBe("ada@example.org");
    await h.root.get(RecoverStore).confirmEmail(mail.token);
    expect(h.root.get(RecoverStore).confirmPhase).toBe("failed");
    expect(h.root.get(RecoverStore).confirmMessage).toContain("not valid any more");
  });
});

describe("browser id and sessions", () => {
  it("makes a browser id once and keeps it", async () => {
    const h = harness();
    await h.root.session.restore();
    const id = h.root.session.browserId;
    expect(id).not.toBeNull();
    expect(await Effect.runPromise(h.storage.get(BROWSER_ID_KEY))).toBe(id);
    await h.root.session.restore();
    expect(h.root.session.browserId).toBe(id);
  });

  it("lists my tokens and revokes another one; forgetting this browser signs me out", async () => {
    const h = await signedIn();
    const other = Effect.runSync(h.api.auth.createAccessToken({ kind: "password", email: EMAIL, otp: "", password: PASSWORD }, 3600));
    // The fake made `other` the session token: put this browser's back.
    h.api.state.sessionToken = h.root.session.secret;
    h.api.state.account.devices.push({ publicId: "dev000000001", name: "Chrome on Linux", deviceId: "here", firstSeenOn: "2026-11-21T10:00:00Z", lastSeenOn: "2026-11-21T10:00:00Z" });
    h.api.state.account.currentDeviceId = "here";
    const store = h.root.get(MySessionsStore);
    await store.load();
    expect(store.tokens.filter((t) => t.current).length).toBe(1);
    await store.revokeToken(other.publicId);
    expect(store.tokens.some((t) => t.publicId === other.publicId)).toBe(false);
    expect(store.devices[0]?.current).toBe(true);
    await store.forgetDevice("dev000000001");
    expect(h.root.session.isSignedIn).toBe(false);
    expect(h.navigations.at(-1)).toBe("/login");
  });
});

describe("TwoFactorStore", () => {
  it("enrols, turns on with a code and shows the backup codes once, then turns off", async () => {
    const h = await signedIn();
    const store = h.root.get(TwoFactorStore);
    await store.load();
    expect(store.phase).toBe("off");
    await store.enrol();
    expect(store.phase).toBe("enrolling");
    expect(store.enrolment?.otpauthUri).toContain("otpauth://");
    store.setOtp("000000");
    await store.verify();
    expect(store.errors["otp"]).toBe("The one-time code is wrong or has expired. Try again.");
    store.setOtp("123456");
    await store.verify();
    expect(store.phase).toBe("on");
    expect(store.backupCodes?.length).toBe(10);
    store.closeBackupCodes();
    expect(store.backupCodes).toBeNull();
    store.setOtp("123456");
    await store.disable();
    expect(store.phase).toBe("off");
  });
});

describe("RecoverStore", () => {
  it("answers alike for unknown addresses, and a mailed link sets a password once", async () => {
    const h = harness();
    const store = h.root.get(RecoverStore);
    store.start(false);
    store.setEmail("nobody@example.com");
    await store.requestLink();
    expect(store.phase).toBe("sent");
    expect(h.api.state.account.mails.length).toBe(0);
    store.start(false);
    store.setEmail(EMAIL);
    await store.requestLink();
    expect(store.phase).toBe("sent");
    const token = h.api.state.account.mails.at(-1)!.token;
    store.start(true);
    store.setNewPassword("weak");
    expect(store.problems.length).toBeGreaterThan(0);
    store.setNewPassword("a fresh long secret");
    await store.reset(token);
    expect(store.phase).toBe("done");
    expect(h.api.state.user.password).toBe("a fresh long secret");
    store.start(true);
    store.setNewPassword("another long secret");
    await store.reset(token);
    expect(store.errors["token"]).toContain("not valid any more");
  });
});
