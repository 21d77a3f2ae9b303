import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  checkTemplate, checkTemplateConfig, checkTopicFilter, isFullyProvisioned, isTopicFilter, logLine, parseTemplateConfigText,
  runnerDeployment, runnerName, TEMPLATE_CONFIG_NOT_OBJECT, TEMPLATE_CONFIG_TOO_LARGE, TOPIC_FILTER_INVALID, topicMatches,
} from "./backendTemplates";
import { ERROR_CATALOGUE, noticeForError } from "./errorCatalogue";
import { Conflict } from "../errors";

const server = (publicId: string, type: "mdr" | "rsc") => ({ publicId, name: `S-${publicId}`, type });

describe("provisioning", () => {
  it("a company needs an mdr server to run templates", () => {
    expect(isFullyProvisioned([])).toBe(false);
    expect(isFullyProvisioned([server("a", "rsc")])).toBe(false);
    expect(isFullyProvisioned([server("a", "rsc"), server("b", "mdr")])).toBe(true);
  });
  it("the refusal is shown as the catalogue's 'not fully provisioned' notice for 3 s", () => {
    const notice = noticeForError(new Conflict({ issues: [{ message: "Your company is not fully provisioned" }] }), "template.create");
    expect(notice.text).toBe(ERROR_CATALOGUE.companyNotProvisioned.text);
    expect(notice.durationMs).toBe(3000);
  });
});

describe("runner mapping", () => {
  it("names the runner by company and template", () => {
    expect(runnerName("AbC123xyz789", "TpL000000001")).toBe("runner-abc123xyz789-tpl000000001");
  });
  it("places it on an mdr server, none without one", () => {
    expect(runnerDeployment("c", "t", [server("r", "rsc")]).server).toBeNull();
    expect(runnerDeployment("c", "t", [server("r", "rsc"), server("m", "mdr")]).server?.publicId).toBe("m");
  });
  it("property: the placement depends on the set of servers, not their order, and is always an mdr server", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom("mdr" as const, "rsc" as const)), { selector: (x) => x[0], maxLength: 8 }),
      fc.string(), fc.string(), (list, c, t) => {
        const servers = list.map(([id, type]) => server(id, type));
        const a = runnerDeployment(c, t, servers).server;
        const b = runnerDeployment(c, t, [...servers].reverse()).server;
        expect(a?.publicId).toBe(b?.publicId);
        expect(a === null ? !isFullyProvisioned(servers) : a.type === "mdr").toBe(true);
      }));
  });
});

describe("templates, configs and topics", () => {
  it("requires a name, bounds the description, keeps what an edit leaves out", () => {
    expect(Result.isFailure(checkTemplate({ name: "" }))).toBe(true);
    expect(Result.isFailure(checkTemplate({ name: "x", description: "d".repeat(2001) }))).toBe(true);
    expect(checkTemplate({ description: "new" }, { name: "Kept", description: "old" })).toEqual(Result.succeed({ name: "Kept", description: "new" }));
  });
  it("takes only JSON objects as configs, bounded", () => {
    expect(Result.isSuccess(checkTemplateConfig({ interval: 60 }))).toBe(true);
    for (const bad of [[], "x", 1, null]) {
      const r = checkTemplateConfig(bad);
      expect(Result.isFailure(r) && r.failure.issues[0]!.message).toBe(TEMPLATE_CONFIG_NOT_OBJECT);
    }
    const big = checkTemplateConfig({ x: "y".repeat(70_000) });
    expect(Result.isFailure(big) && big.failure.issues[0]!.message).toBe(TEMPLATE_CONFIG_TOO_LARGE);
    expect(parseTemplateConfigText("{nope")).toEqual(Result.fail(TEMPLATE_CONFIG_NOT_OBJECT));
    expect(parseTemplateConfigText('{"a":1}')).toEqual(Result.succeed({ a: 1 }));
  });
  it("judges topic filters the MQTT way", () => {
    for (const ok of ["a", "a/b", "a/+/c", "#", "a/#", "+", "+/+", "/a"]) expect(isTopicFilter(ok), ok).toBe(true);
    for (const bad of ["", "a/#/b", "a+", "a/b#", "#/a"]) expect(isTopicFilter(bad), bad).toBe(false);
    expect(checkTopicFilter("a/b#")).toEqual(Result.fail(expect.objectContaining({ issues: [{ message: TOPIC_FILTER_INVALID, propertyName: "topic" }] })));
  });
  it("matches topics the MQTT way", () => {
    expect(topicMatches("plant/+/temp", "plant/1/temp")).toBe(true);
    expect(topicMatches("plant/+/temp", "plant/1/2/temp")).toBe(false);
    expect(topicMatches("plant/#", "plant")).toBe(true);
    expect(topicMatches("plant/#", "plant/a/b")).toBe(true);
    expect(topicMatches("#", "$SYS/x")).toBe(false);
    expect(topicMatches("a/b", "a/b/c")).toBe(false);
  });
  it("property: a topic matches itself and '#'", () => {
    const level = fc.stringMatching(/^[a-z0-9]{1,5}$/);
    fc.assert(fc.property(fc.array(level, { minLength: 1, maxLength: 5 }), (levels) => {
      const topic = levels.join("/");
      expect(topicMatches(topic, topic)).toBe(true);
      expect(topicMatches("#", topic)).toBe(true);
      expect(topicMatches(levels.map(() => "+").join("/"), topic)).toBe(true);
    }));
  });
  it("writes one-line log lines with the payload quoted and cut", () => {
    const line = logLine(new Date("2026-01-01T00:00:00Z"), "runner-a-b", { kind: "message", topic: "t", payload: `x\n${"y".repeat(300)}` });
    expect(line.startsWith("2026-01-01T00:00:00.000Z [runner-a-b] message on t: \"x\\n")).toBe(true);
    expect(line).not.toContain("\n");
    expect(line.length).toBeLessThan(300);
  });
});
