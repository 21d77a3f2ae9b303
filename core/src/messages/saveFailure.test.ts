import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiFailure, ApiUnavailable, Conflict, Forbidden, GatewayTimeout, InvalidInput, NameAlreadyInUse } from "../errors";
import { isRawKey, messageText } from "./messages";
import { saveFailure } from "./saveFailure";

describe("saveFailure: what a dialog says when its save fails", () => {
  it("says 'No connection' while offline, whatever the error", () => {
    expect(saveFailure(new ApiUnavailable({ status: 0 }), false).message?.key).toBe("save.offline");
    expect(messageText("save.offline")).toMatch(/^No connection/);
  });

  it("says to try again when the server is gone (500 or no answer) or timed out", () => {
    expect(saveFailure(new ApiUnavailable({ status: 500 }), true).message?.key).toBe("save.unavailable");
    expect(saveFailure(new GatewayTimeout(), true).message?.key).toBe("Gateway Timeout error");
  });

  it("puts a name clash (409) on the name field, and other field issues on their fields", () => {
    expect(saveFailure(new NameAlreadyInUse({ name: "Site" }), true)).toEqual({ fieldIssues: [{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }], message: null });
    const input = new InvalidInput({ issues: [{ message: "Duplicate", propertyName: "key" }] });
    expect(saveFailure(input, true).fieldIssues).toHaveLength(1);
  });

  it("gives a message for failures without fields", () => {
    expect(saveFailure(new Conflict({ issues: [] }), true).message?.key).toBe("save.conflict");
    expect(saveFailure(new Forbidden({}), true).message?.key).toBe("error.Forbidden");
  });

  it("property: never empty, and the message is always a sentence", () => {
    const errors = fc.oneof(
      fc.constant(new ApiUnavailable({ status: 0 })), fc.constant(new GatewayTimeout()), fc.constant(new Forbidden({})),
      fc.array(fc.record({ message: fc.string(), propertyName: fc.option(fc.constantFrom("name", "key"), { nil: undefined }) }))
        .map((issues) => new ApiFailure({ status: 409, issues })),
    );
    fc.assert(fc.property(errors, fc.boolean(), (error, online) => {
      const f = saveFailure(error, online);
      expect(f.fieldIssues.length > 0 || f.message !== null).toBe(true);
      if (f.message) expect(isRawKey(messageText(f.message.key, f.message.params).trim())).toBe(false);
    }));
  });
});
