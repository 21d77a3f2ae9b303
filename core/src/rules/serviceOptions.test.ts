import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serviceOptions, type ServiceSource } from "./serviceOptions";

describe("serviceOptions", () => {
  it("puts the VPN choice and ungrouped servers first, then the groups", () => {
    const servers: ServiceSource[] = [
      { publicId: "s1", name: "HMI", serviceGroup: "Web" },
      { publicId: "s2", name: "PLC", serviceGroup: null },
      { publicId: "s3", name: "Camera", serviceGroup: "Video" },
      { publicId: "s4", name: "Panel", serviceGroup: "Web" },
      { publicId: "s5", name: "SSH" },
    ];
    expect(serviceOptions(servers, true)).toEqual([
      { group: null, options: [
        { kind: "vpn", value: "vpn", label: "VPN" },
        { kind: "server", value: "s2", label: "PLC" },
        { kind: "server", value: "s5", label: "SSH" },
      ] },
      { group: "Web", options: [{ kind: "server", value: "s1", label: "HMI" }, { kind: "server", value: "s4", label: "Panel" }] },
      { group: "Video", options: [{ kind: "server", value: "s3", label: "Camera" }] },
    ]);
  });
  it("leaves out the VPN choice when the agent has no VPN, and empty groups", () => {
    expect(serviceOptions([{ publicId: "s1", name: "HMI", serviceGroup: "Web" }], false)).toEqual([
      { group: "Web", options: [{ kind: "server", value: "s1", label: "HMI" }] },
    ]);
    expect(serviceOptions([], false)).toEqual([]);
  });
  it("treats a blank group as ungrouped", () => {
    expect(serviceOptions([{ publicId: "s1", name: "HMI", serviceGroup: "  " }], false)[0]?.group).toBeNull();
  });
  const server = fc.record({
    publicId: fc.string({ minLength: 1, maxLength: 4 }),
    name: fc.string(),
    serviceGroup: fc.option(fc.constantFrom("", "Web", "Video", "OT"), { nil: undefined }),
  });
  it("property: every server appears exactly once and ungrouped options come first", () => {
    fc.assert(fc.property(fc.array(server), fc.boolean(), (servers, vpn) => {
      const groups = serviceOptions(servers, vpn);
      const values = groups.flatMap((g) => g.options.filter((o) => o.kind === "server").map((o) => o.value));
      expect(values.sort()).toEqual([...new Set(servers.map((s) => s.publicId))].sort());
      expect(groups.slice(1).every((g) => g.group !== null)).toBe(true);
      expect(groups.every((g) => g.options.length > 0)).toBe(true);
      expect(groups.flatMap((g) => g.options).filter((o) => o.kind === "vpn").length).toBe(vpn ? 1 : 0);
    }));
  });
});
