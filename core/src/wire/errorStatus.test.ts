import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ApiFailure, ApiUnavailable, CannotDeleteAssetType, CannotDeleteGroupType, Conflict, Forbidden, GatewayTimeout,
  InvalidInput, NameAlreadyInUse, NoAgentReference, NoPublishedPage, NotFound, PageHasNoDraft, RateLimited,
  Unauthenticated,
} from "../errors";
import { errorFromResponse, errorResponse, issuesOfError, statusOfError, type PortalError } from "./errorStatus";

describe("error tag to status", () => {
  it.each<[PortalError, number]>([
    [new InvalidInput({ issues: [{ message: "Required property", propertyName: "key" }] }), 400],
    [new NoAgentReference(), 400],
    [new Unauthenticated({}), 401],
    [new Forbidden({ right: "manage:group-types" }), 403],
    [new NotFound({ entity: "Page", publicId: "p" }), 404],
    [new NameAlreadyInUse({ name: "Line" }), 409],
    [new Conflict({ issues: [{ message: "Duplicate", listIndex: 1 }] }), 409],
    [new CannotDeleteGroupType({ publicId: "g", reason: "last" }), 409],
    [new CannotDeleteAssetType({ publicId: "a", reason: "in-use" }), 409],
    [new PageHasNoDraft({ pagePublicId: "p" }), 409],
    [new NoPublishedPage({ pagePublicId: "p" }), 409],
    [new RateLimited({ message: "Too many attempts" }), 429],
    [new GatewayTimeout(), 504],
    [new ApiUnavailable({ status: 0 }), 503],
    [new ApiUnavailable({ status: 502 }), 502],
    [new ApiFailure({ status: 413, issues: [{ message: "Too large" }] }), 413],
  ])("%s answers %i", (error, status) => {
    expect(statusOfError(error)).toBe(status);
  });

  it("carries the spec's messages in error.data", () => {
    expect(issuesOfError(new NameAlreadyInUse({ name: "Line" }))).toEqual([{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }]);
    expect(issuesOfError(new PageHasNoDraft({ pagePublicId: "p" }))).toEqual([{ message: "Page has no draft version" }]);
    expect(issuesOfError(new CannotDeleteGroupType({ publicId: "g", reason: "in-use" }))).toEqual([{ message: "CANNOT_DELETE_GROUP_TYPE" }]);
    expect(issuesOfError(new Conflict({ issues: [{ message: "Duplicate", listIndex: 1 }] }))).toEqual([{ message: "Duplicate", listIndex: 1 }]);
  });

  it("builds a full answer with Retry-After for rate limits", () => {
    expect(errorResponse(new RateLimited({ message: "Slow down", retryAfterSeconds: 899.2 }))).toEqual({
      status: 429, body: { status: "error", type: "Error", data: [{ message: "Slow down" }] }, headers: { "Retry-After": "900" },
    });
  });
});

describe("status and error.data to tagged error", () => {
  it("maps 504 to GatewayTimeout and 0 or other 5xx to ApiUnavailable", () => {
    expect(errorFromResponse(504, [])._tag).toBe("GatewayTimeout");
    expect(errorFromResponse(504, []).message).toBe("Gateway Timeout error");
    expect(errorFromResponse(0, [])).toEqual(new ApiUnavailable({ status: 0 }));
    expect(errorFromResponse(500, [{ message: "boom" }])).toEqual(new ApiUnavailable({ status: 500 }));
    expect(errorFromResponse(599, [])._tag).toBe("ApiUnavailable");
  });

  it("maps 409 messages to their own errors, filling details from the call", () => {
    expect(errorFromResponse(409, [{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }], { name: "Line" }))
      .toEqual(new NameAlreadyInUse({ name: "Line" }));
    expect(errorFromResponse(409, [{ message: "No published page" }], { publicId: "p1" })).toEqual(new NoPublishedPage({ pagePublicId: "p1" }));
    expect(errorFromResponse(409, [{ message: "Page has no draft version" }])._tag).toBe("PageHasNoDraft");
    expect(errorFromResponse(409, [{ message: "CANNOT_DELETE_ASSET_TYPE" }])._tag).toBe("CannotDeleteAssetType");
    expect(errorFromResponse(409, [{ message: "Duplicate", listIndex: 3 }])).toEqual(new Conflict({ issues: [{ message: "Duplicate", listIndex: 3 }] }));
  });

  it("maps the other statuses of api.md", () => {
    expect(errorFromResponse(400, [{ message: "Required language missing: en", propertyName: "languages" }])._tag).toBe("InvalidInput");
    expect(errorFromResponse(400, [{ message: "No Agent reference" }])._tag).toBe("NoAgentReference");
    expect(errorFromResponse(401, [{ message: "Token expired" }])).toEqual(new Unauthenticated({ reason: "Token expired" }));
    expect(errorFromResponse(403, [])._tag).toBe("Forbidden");
    expect(errorFromResponse(404, [], { entity: "Page", publicId: "p" })).toEqual(new NotFound({ entity: "Page", publicId: "p" }));
    expect(errorFromResponse(429, [{ message: "Slow down" }], { retryAfter: "60" })).toEqual(new RateLimited({ message: "Slow down", retryAfterSeconds: 60 }));
    expect(errorFromResponse(413, [{ message: "Too large" }])).toEqual(new ApiFailure({ status: 413, issues: [{ message: "Too large" }] }));
  });

  const special = new Set(["NAME_ALREADY_IN_USE", "CANNOT_DELETE_GROUP_TYPE", "CANNOT_DELETE_ASSET_TYPE", "Page has no draft version", "No published page", "No Agent reference"]);
  const issuesArb = fc.array(
    fc.record({ message: fc.string().filter((m) => !special.has(m)), propertyName: fc.string(), listIndex: fc.nat() }, { requiredKeys: ["message"] }),
    { minLength: 1, maxLength: 3 },
  );
  const errorArb: fc.Arbitrary<PortalError> = fc.oneof(
    issuesArb.map((issues) => new InvalidInput({ issues })),
    issuesArb.map((issues) => new Conflict({ issues })),
    fc.constant(new NoAgentReference()),
    fc.string({ minLength: 1 }).map((reason) => new Unauthenticated({ reason })),
    fc.constant(new Forbidden({})),
    fc.string().map((entity) => new NotFound({ entity })),
    fc.string().map((name) => new NameAlreadyInUse({ name })),
    fc.string().map((publicId) => new CannotDeleteGroupType({ publicId, reason: "in-use" })),
    fc.string().map((publicId) => new CannotDeleteAssetType({ publicId, reason: "in-use" })),
    fc.string().map((pagePublicId) => new PageHasNoDraft({ pagePublicId })),
    fc.string().map((pagePublicId) => new NoPublishedPage({ pagePublicId })),
    fc.string({ minLength: 1 }).map((message) => new RateLimited({ message })),
    fc.constant(new GatewayTimeout()),
    fc.integer({ min: 500, max: 599 }).filter((s) => s !== 504).map((status) => new ApiUnavailable({ status })),
    fc.tuple(fc.constantFrom(405, 413, 415, 418), issuesArb).map(([status, issues]) => new ApiFailure({ status, issues })),
  );

  it("property: the client reads back the tag, status and issues the server sent", () => {
    fc.assert(fc.property(errorArb, (error) => {
      const { status, body } = errorResponse(error);
      const back = errorFromResponse(status, body.data);
      expect(back._tag).toBe(error._tag);
      expect(statusOfError(back)).toBe(status);
      if (error._tag !== "NotFound") expect(issuesOfError(back)).toEqual(issuesOfError(error));
    }));
  });

  it("property: every status in 400..599 maps to an error whose status class is kept", () => {
    fc.assert(fc.property(fc.integer({ min: 400, max: 599 }), issuesArb, (status, issues) => {
      const back = errorFromResponse(status, issues);
      expect(Math.floor(statusOfError(back) / 100)).toBe(Math.floor(status / 100));
    }));
  });
});
