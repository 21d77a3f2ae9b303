/**
 * Backend component template rules (issue 13; spec 2, 3, 7 and 8): what a valid template,
 * config and message subscription are, when a company may create templates at all, which runner
 * deployment runs a template for a company, and what a runner's log line says.
 *
 * Provisioning (spec 8 'Your company is not fully provisioned'): a template runs on the company's
 * mdr platform server, so a company without one cannot create templates; creating is refused with
 * NOT_PROVISIONED_SERVER_MESSAGE (409), which the web shows for 3 s.
 *
 * Runner mapping (spec 2: "mapped to a runner deployment by company and template id"): one runner
 * per (company, template), named `runner-<company>-<template>` (both publicIds lower-cased), placed
 * on one of the company's mdr servers chosen by a stable hash of that name, so the same pair
 * always lands on the same server while the company's mdr servers stay the same.
 */
import { Result } from "effect";
import { NAME_MAX_LENGTH } from "../constants";
import type { PlatformServer } from "../domain/Platform";
import { InvalidInput, type ValidationIssue } from "../errors";
import { NOT_PROVISIONED_SERVER_MESSAGE } from "./errorCatalogue";

export { LOG_FILE_NAME, NOT_PROVISIONED_SERVER_MESSAGE } from "./errorCatalogue";

export const TEMPLATE_DESCRIPTION_MAX = 2000;
/** Largest config, as JSON text: a template's settings, not its data. */
export const TEMPLATE_CONFIG_MAX_CHARS = 64 * 1024;
export const TEMPLATE_CONFIG_NOT_OBJECT = "TEMPLATE_CONFIG_NOT_OBJECT";
export const TEMPLATE_CONFIG_TOO_LARGE = "TEMPLATE_CONFIG_TOO_LARGE";
export const TOPIC_FILTER_INVALID = "TOPIC_FILTER_INVALID";
export const TOPIC_FILTER_MAX = 255;
export const SHARE_WITH_OWN_COMPANY = "SHARE_WITH_OWN_COMPANY";
export const TEMPLATE_ALREADY_SHARED = "TEMPLATE_ALREADY_SHARED";
export const TEMPLATE_READ_ONLY = "TEMPLATE_READ_ONLY";
/** Lines a runner keeps (oldest dropped first): a log is for the recent past. */
export const TEMPLATE_LOG_MAX_LINES = 1000;
/** Characters of a message payload a log line quotes. */
export const LOG_PAYLOAD_PREVIEW = 200;

const TOO_LONG = (n: number) => `Must be at most ${n} characters`;

export interface TemplateFields {
  readonly name: string;
  readonly description: string;
}

/**
 * Checks a template: name required, at most 255 characters; description optional text of at
 * most 2000. A field absent from `input` keeps its value in `current` (an edit). Fails with
 * InvalidInput naming every bad field.
 */
export const checkTemplate = (input: Readonly<Record<string, unknown>>, current?: TemplateFields): Result.Result<TemplateFields, InvalidInput> => {
  const issues: ValidationIssue[] = [];
  const name = "name" in input || !current ? input["name"] : current.name;
  const description = "description" in input || !current ? input["description"] ?? "" : current.description;
  if (typeof name !== "string" || name.trim() === "") issues.push({ message: "REQUIRED", propertyName: "name" });
  else if (name.trim().length > NAME_MAX_LENGTH) issues.push({ message: TOO_LONG(NAME_MAX_LENGTH), propertyName: "name" });
  if (typeof description !== "string") issues.push({ message: "Expected a string", propertyName: "description" });
  else if (description.length > TEMPLATE_DESCRIPTION_MAX) issues.push({ message: TOO_LONG(TEMPLATE_DESCRIPTION_MAX), propertyName: "description" });
  if (issues.length > 0) return Result.fail(new InvalidInput({ issues }));
  return Result.succeed({ name: (name as string).trim(), description: (description as string).trim() });
};

/** Whether a company with these platform servers may run templates: it has an mdr server. */
export const isFullyProvisioned = (servers: ReadonlyArray<Pick<PlatformServer, "type">>): boolean =>
  servers.some((s) => s.type === "mdr");

/** The refusal of a template creation in a company that is not fully provisioned (409). */
export const notProvisionedIssue: ValidationIssue = { message: NOT_PROVISIONED_SERVER_MESSAGE };

/** FNV-1a (32 bits): a stable, platform-independent hash for placing runners. */
const fnv1a = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
};

/** The runner deployment name of a (company, template) pair. */
export const runnerName = (companyPublicId: string, templatePublicId: string): string =>
  `runner-${companyPublicId.toLowerCase()}-${templatePublicId.toLowerCase()}`;

/**
 * The runner of a (company, template) pair: its name, and the mdr server it runs on (by a stable
 * hash of the name over the company's mdr servers sorted by publicId), or null without one.
 */
export const runnerDeployment = <S extends Pick<PlatformServer, "publicId" | "name" | "type">>(
  companyPublicId: string, templatePublicId: string, servers: ReadonlyArray<S>,
): { readonly name: string; readonly server: S | null } => {
  const name = runnerName(companyPublicId, templatePublicId);
  const mdr = servers.filter((s) => s.type === "mdr").sort((a, b) => (a.publicId < b.publicId ? -1 : a.publicId > b.publicId ? 1 : 0));
  return { name, server: mdr.length === 0 ? null : mdr[fnv1a(name) % mdr.length]! };
};

/**
 * Checks a template config: a JSON object (not an array or a scalar) whose JSON text is at most
 * TEMPLATE_CONFIG_MAX_CHARS. Fails with InvalidInput on "config".
 */
export const checkTemplateConfig = (config: unknown): Result.Result<Record<string, unknown>, InvalidInput> => {
  if (typeof config !== "object" || config === null || Array.isArray(config)) {
    return Result.fail(new InvalidInput({ issues: [{ message: TEMPLATE_CONFIG_NOT_OBJECT, propertyName: "config" }] }));
  }
  if (JSON.stringify(config).length > TEMPLATE_CONFIG_MAX_CHARS) {
    return Result.fail(new InvalidInput({ issues: [{ message: TEMPLATE_CONFIG_TOO_LARGE, propertyName: "config" }] }));
  }
  return Result.succeed(config as Record<string, unknown>);
};

/**
 * Parses the text of a config editor: a JSON object, or the reason it is not one (a message key).
 * Guarantees a success passes checkTemplateConfig.
 */
export const parseTemplateConfigText = (text: string): Result.Result<Record<string, unknown>, string> => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return Result.fail(TEMPLATE_CONFIG_NOT_OBJECT);
  }
  const checked = checkTemplateConfig(value);
  return Result.isFailure(checked) ? Result.fail(checked.failure.issues[0]!.message) : Result.succeed(checked.success);
};

/**
 * Whether `filter` is a valid MQTT topic filter (MQTT 3.1.1, 4.7): non-empty, at most 255
 * characters, no NUL; `+` only as a whole level; `#` only as the whole last level.
 */
export const isTopicFilter = (filter: string): boolean => {
  if (filter === "" || filter.length > TOPIC_FILTER_MAX || filter.includes("\u0000")) return false;
  const levels = filter.split("/");
  return levels.every((level, i) =>
    (level === "#" ? i === levels.length - 1 : level === "+" || (!level.includes("+") && !level.includes("#"))));
};

/** Checks a subscription topic filter (isTopicFilter). Fails with InvalidInput on "topic". */
export const checkTopicFilter = (topic: unknown): Result.Result<string, InvalidInput> => {
  if (typeof topic !== "string" || topic.trim() === "") return Result.fail(new InvalidInput({ issues: [{ message: "REQUIRED", propertyName: "topic" }] }));
  const t = topic.trim();
  return isTopicFilter(t) ? Result.succeed(t) : Result.fail(new InvalidInput({ issues: [{ message: TOPIC_FILTER_INVALID, propertyName: "topic" }] }));
};

/**
 * Whether a message on `topic` matches `filter` (MQTT rules: `+` one level, `#` this level and
 * every one below, including none; topics starting with `$` match no filter starting with a
 * wildcard). Never fails.
 */
export const topicMatches = (filter: string, topic: string): boolean => {
  if (topic.startsWith("$") && (filter.startsWith("+") || filter.startsWith("#"))) return false;
  const f = filter.split("/");
  const t = topic.split("/");
  for (let i = 0; i < f.length; i++) {
    if (f[i] === "#") return true;
    if (i >= t.length) return false;
    if (f[i] !== "+" && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
};

/** What a runner records. */
export type RunnerEvent =
  | { readonly kind: "deployed"; readonly server: string | null }
  | { readonly kind: "config"; readonly configPublicId: string }
  | { readonly kind: "subscribed" | "unsubscribed"; readonly topic: string }
  | { readonly kind: "message"; readonly topic: string; readonly payload: string };

/** One log line: ISO time, the runner's name, what happened. Payloads are quoted, cut and kept on one line. */
export const logLine = (at: Date, runner: string, event: RunnerEvent): string => {
  const what = (() => {
    switch (event.kind) {
      case "deployed": return event.server === null ? "deployed (no mdr server: waiting for provisioning)" : `deployed on ${event.server}`;
      case "config": return `config ${event.configPublicId} loaded`;
      case "subscribed": return `subscribed to ${event.topic}`;
      case "unsubscribed": return `unsubscribed from ${event.topic}`;
      case "message": {
        const preview = event.payload.length > LOG_PAYLOAD_PREVIEW ? `${event.payload.slice(0, LOG_PAYLOAD_PREVIEW)}…` : event.payload;
        return `message on ${event.topic}: ${JSON.stringify(preview)}`;
      }
    }
  })();
  return `${at.toISOString()} [${runner}] ${what}`;
};
