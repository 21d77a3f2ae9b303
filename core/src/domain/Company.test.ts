import { Result, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { Company, MyCompany } from "./Company";

describe("Company schema", () => {
  it("decodes the parent chain with each branding's fqdn", () => {
    const body = {
      publicId: "c", branding: { publicId: "b1", fqdn: null },
      parent: { publicId: "p", branding: null, parent: { publicId: "g", branding: { publicId: "b3", fqdn: "g.example.com" }, parent: null } },
    };
    const result = Schema.decodeUnknownResult(Company)(body);
    expect(Result.isSuccess(result) && result.success.parent?.parent?.branding?.fqdn).toBe("g.example.com");
  });

  it("refuses an unknown right on my companies", () => {
    expect(Result.isFailure(Schema.decodeUnknownResult(MyCompany)({ publicId: "c", name: "C", rights: ["manage:everything"] }))).toBe(true);
  });
});
