import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ApiFailure, ApiUnavailable, CannotDeleteGroupType, Conflict, Forbidden, GatewayTimeout, InvalidInput, NameAlreadyInUse,
  NotFound, RateLimited, Unauthenticated,
} from "@portal/core/errors";
import { ImportStopped, InputRejected, LocalFault, NotLoggedIn, UsageError } from "../src/CliError";
import { exitCodeOf, isKnownError, messageOf } from "../src/exitCodes";

describe("exit code table", () => {
  it.each([
    [new InvalidInput({ issues: [{ message: "REQUIRED", propertyName: "name" }] }), 1, "Rejected: name: REQUIRED"],
    [new Conflict({ issues: [{ message: "Duplicate", listIndex: 3 }] }), 1, "Rejected: Duplicate"],
    [new NameAlreadyInUse({ name: "Site" }), 1, "NAME_ALREADY_IN_USE"],
    [new CannotDeleteGroupType({ publicId: "x", reason: "in-use" }), 1, "CANNOT_DELETE_GROUP_TYPE"],
    [new NotFound({ entity: "GroupType", publicId: "abc" }), 1, "GroupType not found: abc"],
    [new InputRejected({ message: "bad file" }), 1, "bad file"],
    [new UsageError({ message: "--format must be json or csv" }), 2, "--format"],
    [new Unauthenticated({ reason: "Invalid email or password" }), 3, "Invalid email or password"],
    [new Unauthenticated({ reason: "TWO_FACTOR_INVALID" }), 3, "Not signed in: the one-time code is wrong or has expired (TWO_FACTOR_INVALID)"],
    [new Unauthenticated({ reason: "TWO_FACTOR_REQUIRED" }), 3, "needs a one-time code (TWO_FACTOR_REQUIRED): pass --otp CODE"],
    [new NotLoggedIn({ message: "Not logged in" }), 3, "Not logged in"],
    [new Forbidden({}), 3, "Not allowed"],
    [new RateLimited({ message: "Too many sign-in attempts; try again in 15 minutes" }), 3, "15 minutes"],
    [new ApiUnavailable({ status: 0 }), 4, "Cannot reach"],
    [new ApiUnavailable({ status: 503 }), 4, "HTTP 503"],
    [new GatewayTimeout(), 4, "Gateway Timeout error"],
    [new ApiFailure({ status: 413, issues: [{ message: "Body too large" }] }), 1, "413"],
    [new ApiFailure({ status: 501, issues: [] }), 4, "501"],
    [new LocalFault({ message: "Cannot write out.json" }), 4, "Cannot write"],
  ] as const)("%s exits %i", (error, code, text) => {
    expect(isKnownError(error)).toBe(true);
    expect(exitCodeOf(error)).toBe(code);
    expect(messageOf(error)).toContain(text);
  });

  it("an import stopped midway exits with its cause's code and says what stays written", () => {
    const stopped = new ImportStopped({ cause: new ApiUnavailable({ status: 0 }), batch: 3, batches: 10, firstLine: 2001, written: 2000 });
    expect(exitCodeOf(stopped)).toBe(4);
    expect(messageOf(stopped)).toMatch(/batch 3 of 10 \(from line 2001\): 2000 entries .* stay written/);
    expect(exitCodeOf(new ImportStopped({ cause: new Forbidden({}), batch: 1, batches: 1, firstLine: 2, written: 0 }))).toBe(3);
  });

  it("property: every message is one line and every code is 1 to 4", () => {
    const issue = fc.record({ message: fc.string(), propertyName: fc.option(fc.string(), { nil: undefined }) });
    const error = fc.oneof(
      fc.array(issue).map((issues) => new InvalidInput({ issues })),
      fc.array(issue).map((issues) => new Conflict({ issues })),
      fc.string().map((message) => new InputRejected({ message })),
      fc.string().map((message) => new UsageError({ message })),
      fc.string().map((reason) => new Unauthenticated({ reason })),
      fc.string().map((message) => new RateLimited({ message })),
      fc.string().map((name) => new NameAlreadyInUse({ name })),
      fc.tuple(fc.integer({ min: 0, max: 599 }), fc.array(issue)).map(([status, issues]) => new ApiFailure({ status, issues })),
      fc.integer({ min: 0, max: 599 }).map((status) => new ApiUnavailable({ status })),
    );
    fc.assert(fc.property(error, (e) => {
      expect(messageOf(e)).not.toMatch(/\n/);
      expect([1, 2, 3, 4]).toContain(exitCodeOf(e));
    }));
  });
});
