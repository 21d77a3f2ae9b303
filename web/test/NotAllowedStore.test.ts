import { describe, expect, it } from "vitest";
import { company, harness } from "./harness";
import { NotAllowedStore } from "../src/stores/NotAllowedStore";

describe("NotAllowedStore", () => {
  it("shows no actions before discovery, then log out (and switch company with a company selected)", async () => {
    const h = harness({ seed: { companies: [{ company: company("companyAAAAA", "Alpha"), rights: [] }] } });
    expect(h.root.get(NotAllowedStore).actions).toEqual([]);
    await h.root.bootstrap.ensure();
    expect(h.root.get(NotAllowedStore).actions.map((a) => a.kind)).toEqual(["logout"]);
    await h.root.session.signIn("demo@example.com", "secret-password");
    await h.root.session.ensureCompany();
    expect(h.root.get(NotAllowedStore).actions.map((a) => a.kind)).toEqual(["switch-company", "logout"]);
    h.root.connector.stop();
  });

  it("offers go-to-portal only in production with a known web root URL", async () => {
    const h = harness({ production: true, webRootUrl: "https://portal.example.com" });
    await h.root.bootstrap.ensure();
    expect(h.root.get(NotAllowedStore).actions[0]).toEqual({ kind: "portal", href: "https://portal.example.com", newTab: false });
    const dev = harness({ production: false, webRootUrl: "https://portal.example.com" });
    await dev.root.bootstrap.ensure();
    expect(dev.root.get(NotAllowedStore).actions.some((a) => a.kind === "portal")).toBe(false);
    h.root.connector.stop();
    dev.root.connector.stop();
  });
});
