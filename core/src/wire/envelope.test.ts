import fc from "fast-check";
import { Result, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { decodeSuccess, errorEnvelope, issuesOfErrorBody, successEnvelope } from "./envelope";
import { issuesFromSchemaError } from "./schemaIssues";

const GroupType = Schema.Struct({ publicId: Schema.String, name: Schema.String, order: Schema.Number });

describe("success envelope", () => {
  it("builds the api.md shape with moreAfter null on the last page", () => {
    expect(successEnvelope("GroupType", [{ publicId: "abc", name: "Line" }])).toEqual({
      status: "success", type: "GroupType", data: [{ publicId: "abc", name: "Line" }], moreAfter: null,
    });
    expect(JSON.stringify(successEnvelope("X", 1))).toContain('"moreAfter":null');
  });

  it("decodes a success body against the data schema", () => {
    const decode = decodeSuccess(Schema.Array(GroupType));
    const body = { status: "success", type: "GroupType", data: [{ publicId: "a", name: "n", order: 0 }], moreAfter: "xyz" };
    const result = decode(body);
    expect(Result.isSuccess(result) && result.success.moreAfter).toBe("xyz");
  });

  it("fails with InvalidInput pointing at the bad path", () => {
    const decode = decodeSuccess(Schema.Array(GroupType));
    const result = decode({ status: "success", type: "GroupType", data: [{ publicId: "a", order: 0 }], moreAfter: null });
    expect(Result.isFailure(result)).toBe(true);
    if (Result.isFailure(result)) {
      expect(result.failure._tag).toBe("InvalidInput");
      expect(result.failure.issues[0]?.propertyName).toBe("data.0.name");
    }
  });

  it("rejects an error envelope given as success", () => {
    const decode = decodeSuccess(Schema.Unknown);
    expect(Result.isFailure(decode(errorEnvelope([{ message: "x" }])))).toBe(true);
  });

  it("property: a built success envelope always decodes back to itself", () => {
    const decode = decodeSuccess(Schema.Array(GroupType));
    fc.assert(fc.property(
      fc.string(),
      fc.array(fc.record({ publicId: fc.string(), name: fc.string(), order: fc.integer() })),
      fc.option(fc.string(), { nil: null }),
      (type, data, moreAfter) => {
        const envelope = successEnvelope(type, data, moreAfter);
        const decoded = decode(JSON.parse(JSON.stringify(envelope)));
        expect(Result.isSuccess(decoded) && decoded.success).toEqual(envelope);
      },
    ));
  });
});

describe("error envelope", () => {
  it("builds the api.md shape with propertyName and listIndex only when set", () => {
    expect(errorEnvelope([{ message: "Required language missing: en", propertyName: "languages", listIndex: 2 }, { message: "Duplicate" }]))
      .toEqual({
        status: "error", type: "Error",
        data: [{ message: "Required language missing: en", propertyName: "languages", listIndex: 2 }, { message: "Duplicate" }],
      });
    expect(Object.keys(errorEnvelope([{ message: "x", propertyName: undefined }]).data[0] ?? {})).toEqual(["message"]);
  });

  it("never sends an empty list", () => {
    expect(errorEnvelope([]).data).toEqual([{ message: "Error" }]);
  });

  it("reads issues of an error body, and none of a foreign body", () => {
    expect(issuesOfErrorBody(errorEnvelope([{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }])))
      .toEqual([{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }]);
    expect(issuesOfErrorBody("<html>Bad gateway</html>")).toEqual([]);
    expect(issuesOfErrorBody(undefined)).toEqual([]);
  });

  it("property: issues survive an error envelope's JSON round trip", () => {
    const issue = fc.record(
      { message: fc.string(), propertyName: fc.string(), listIndex: fc.nat() },
      { requiredKeys: ["message"] },
    );
    fc.assert(fc.property(fc.array(issue, { minLength: 1 }), (issues) => {
      expect(issuesOfErrorBody(JSON.parse(JSON.stringify(errorEnvelope(issues))))).toEqual(issues);
    }));
  });
});

describe("issuesFromSchemaError", () => {
  const decodeBulk = Schema.decodeUnknownResult(Schema.Array(Schema.Struct({ key: Schema.String })));

  it("puts the path in propertyName, or the item index in listIndex for bulk calls", () => {
    const result = decodeBulk([{ key: "a" }, {}]);
    if (!Result.isFailure(result)) throw new Error("expected a failure");
    expect(issuesFromSchemaError(result.failure)).toEqual([{ message: "Missing key", propertyName: "1.key" }]);
    expect(issuesFromSchemaError(result.failure, { bulk: true })).toEqual([{ message: "Missing key", propertyName: "key", listIndex: 1 }]);
  });
});
