/**
 * The browser's check of an app configuration (issue 12): the catalogue's kinds of keyword name
 * their field in the server's (ajv's) words, a valid configuration has no issue, the rjsf
 * validator built on it gives rjsf's error schema, and none of it runs generated code (eval and
 * Function throw here, as under the portal's Content Security Policy).
 */
import type { RJSFSchema } from "@rjsf/utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appConfigIssues } from "../src/stores/appConfigIssues";
import { CfworkerValidator } from "../src/features/apps/cfworkerValidator";

// The catalogue's schemas (server/src/apps/appCatalogue.ts), as the API hands them out.
const modbus: RJSFSchema = {
  type: "object", title: "Modbus poller", required: ["host", "port"], additionalProperties: false,
  properties: {
    host: { type: "string", title: "Host", minLength: 1, maxLength: 253, pattern: "^[A-Za-z0-9.-]+$" },
    port: { type: "integer", title: "Port", minimum: 1, maximum: 65535, default: 502 },
    unitId: { type: "integer", title: "Unit id", minimum: 0, maximum: 247, default: 1 },
  },
};
const alerts: RJSFSchema = {
  type: "object", required: ["recipients", "severity"], additionalProperties: false,
  properties: {
    recipients: { type: "array", title: "Recipients", minItems: 1, maxItems: 20, items: { type: "string", pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", maxLength: 254 } },
    severity: { type: "string", enum: ["info", "warning", "critical"] },
  },
};

const issues = (schema: RJSFSchema, data: unknown) => appConfigIssues(schema as Record<string, unknown>, data).map((i) => [i.path.join("."), i.message]);

describe("appConfigIssues", () => {
  const realFunction = globalThis.Function;
  const realEval = globalThis.eval;
  beforeEach(() => {
    const refuse = () => { throw new EvalError("Refused to evaluate a string as JavaScript (CSP)"); };
    globalThis.eval = refuse as typeof eval;
    globalThis.Function = new Proxy(realFunction, { construct: refuse, apply: refuse });
  });
  afterEach(() => {
    globalThis.Function = realFunction;
    globalThis.eval = realEval;
  });

  it("names each failing field in the server's words, and nothing for a valid configuration", () => {
    expect(issues(modbus, { host: "plc.local", port: 502 })).toEqual([]);
    expect(issues(modbus, { host: "plc.local", port: 70000 })).toEqual([["port", "must be <= 65535"]]);
    expect(issues(modbus, { host: "plc local!", port: 0, unitId: 1.5 })).toEqual([
      ["host", 'must match pattern "^[A-Za-z0-9.-]+$"'], ["port", "must be >= 1"], ["unitId", "must be integer"],
    ]);
    expect(issues(modbus, { port: 502 })).toEqual([["host", "must have required property 'Host'"]]);
    expect(issues(modbus, { host: "", port: 502, extra: 1 })).toEqual([
      ["host", "must NOT have fewer than 1 characters"], ["host", 'must match pattern "^[A-Za-z0-9.-]+$"'], ["extra", "must NOT have additional properties"],
    ]);
    expect(issues(alerts, { recipients: [], severity: "loud" })).toEqual([
      ["recipients", "must NOT have fewer than 1 items"], ["severity", "must be equal to one of the allowed values"],
    ]);
    expect(issues(alerts, { recipients: ["ops@example.com", "nobody"], severity: "info" })).toEqual([["recipients.1", 'must match pattern "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"']]);
  });

  it("is rjsf's validator: the error schema by field, isValid, and a custom check merged in", () => {
    const v = new CfworkerValidator();
    const { errors, errorSchema } = v.validateFormData({ host: "plc.local", port: 70000 }, modbus);
    expect(errors.map((e) => [e.property, e.message])).toEqual([[".port", "must be <= 65535"]]);
    expect(errorSchema).toEqual({ port: { __errors: ["must be <= 65535"] } });
    expect(v.isValid(modbus, { host: "a", port: 1 }, modbus)).toBe(true);
    expect(v.isValid({ $ref: "#/definitions/port" }, 0, { definitions: { port: { type: "integer", minimum: 1 } } })).toBe(false);
    expect(v.isValid({ $ref: "#/definitions/port" }, 5, { definitions: { port: { type: "integer", minimum: 1 } } })).toBe(true);
    const custom = v.validateFormData({ host: "plc.local", port: 502 }, modbus, (data, errs) => {
      if ((data as { host: string }).host.endsWith(".local")) (errs as unknown as Record<string, { addError(message: string): void }>)["host"]!.addError("no local hosts");
      return errs;
    });
    expect(custom.errorSchema).toMatchObject({ host: { __errors: ["no local hosts"] } });
    // A schema it cannot read is reported as such, never thrown at the form.
    expect(v.rawValidation({ type: "string", pattern: "(" }, "x").validationError).toBeInstanceOf(Error);
  });
});
