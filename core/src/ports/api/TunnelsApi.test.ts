import { describe, expect, it } from "vitest";
import { ApiFailure, Conflict, Forbidden, InvalidInput, NotFound } from "../../errors";
import { isAccessRequestRequired } from "./TunnelsApi";

describe("isAccessRequestRequired", () => {
  it("is true for the ticket route's refusal, whatever the status it came with", () => {
    expect(isAccessRequestRequired(new Conflict({ issues: [{ message: "ACCESS_REQUEST_REQUIRED", propertyName: "service" }] }))).toBe(true);
    expect(isAccessRequestRequired(new ApiFailure({ status: 409, issues: [{ message: "ACCESS_REQUEST_REQUIRED" }] }))).toBe(true);
  });

  it("is false for any other failure", () => {
    expect(isAccessRequestRequired(new Conflict({ issues: [{ message: "OVERLAPPING_REQUEST" }] }))).toBe(false);
    expect(isAccessRequestRequired(new InvalidInput({ issues: [{ message: "SERVER_NOT_ON_THIS_DEVICE" }] }))).toBe(false);
    expect(isAccessRequestRequired(new Forbidden({ right: "use:access-requests" }))).toBe(false);
    expect(isAccessRequestRequired(new NotFound({ entity: "Agent" }))).toBe(false);
  });
});
