import { Result, Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ActivationBody } from "../domain/Activation";
import {
  activationBody, bundleActivationBody, bundleDeactivationBody, EXACTLY_ONE_ACTIVATION_METHOD,
  validateActivationBatch, validateActivationBody,
} from "./activation";

const failureOf = <A, E>(r: Result.Result<A, E>): E => {
  if (Result.isSuccess(r)) throw new Error(`expected a failure, got ${JSON.stringify(r.success)}`);
  return r.failure;
};

describe("activation body", () => {
  it("builds a body with the agent and one method", () => {
    expect(activationBody("agent1", { trial: true })).toEqual({ publicId: "agent1", trial: true });
    expect(activationBody("agent1", { licence: { publicId: "lic1" } })).toEqual({ publicId: "agent1", licence: { publicId: "lic1" } });
    expect(activationBody("agent1", { couponCode: "ABC" })).toEqual({ publicId: "agent1", couponCode: "ABC" });
  });
  it("accepts exactly one of trial, licence or couponCode", () => {
    expect(validateActivationBody({ publicId: "a", trial: true, couponCode: "" })).toEqual(Result.succeed({ publicId: "a", trial: true }));
    expect(validateActivationBody({ publicId: "a", couponCode: " X1 ", trial: false })).toEqual(Result.succeed({ publicId: "a", couponCode: "X1" }));
    expect(validateActivationBody({ publicId: "a", licence: { publicId: "l" } })).toEqual(Result.succeed({ publicId: "a", licence: { publicId: "l" } }));
  });
  it("refuses zero or two methods with InvalidInput", () => {
    const none = failureOf(validateActivationBody({ publicId: "a" }));
    expect(none.issues).toEqual([{ message: EXACTLY_ONE_ACTIVATION_METHOD }]);
    const two = failureOf(validateActivationBody({ publicId: "a", trial: true, couponCode: "X" }));
    expect(two.issues).toEqual([{ propertyName: "trial,couponCode", message: EXACTLY_ONE_ACTIVATION_METHOD }]);
  });
  it("requires the agent id, a licence id and a non-blank coupon", () => {
    expect(failureOf(validateActivationBody({ trial: true })).issues).toEqual([{ propertyName: "publicId", message: "REQUIRED" }]);
    expect(failureOf(validateActivationBody({ publicId: "a", licence: {} })).issues).toEqual([{ propertyName: "licence.publicId", message: "REQUIRED" }]);
    expect(failureOf(validateActivationBody({ publicId: "a", couponCode: "  " })).issues).toEqual([{ propertyName: "couponCode", message: "REQUIRED" }]);
  });
  it("validates a list and points at the failing items", () => {
    const error = failureOf(validateActivationBatch([{ publicId: "a", trial: true }, { publicId: "b" }]));
    expect(error.issues).toEqual([{ listIndex: 1, message: EXACTLY_ONE_ACTIVATION_METHOD }]);
    expect(validateActivationBatch({ publicId: "a", trial: true })).toEqual(Result.succeed([{ publicId: "a", trial: true }]));
  });
  it("property: a body is accepted exactly when one method is given, and it decodes as ActivationBody", () => {
    const arb = fc.record({
      publicId: fc.constantFrom("a1", "b2"),
      trial: fc.option(fc.boolean(), { nil: undefined }),
      licence: fc.option(fc.record({ publicId: fc.constantFrom("l1", "l2") }), { nil: undefined }),
      couponCode: fc.option(fc.constantFrom("C1", "C2"), { nil: undefined }),
    });
    fc.assert(
      fc.property(arb, (body) => {
        const count = [body.trial === true, body.licence !== undefined, body.couponCode !== undefined].filter(Boolean).length;
        const result = validateActivationBody(body);
        expect(Result.isSuccess(result)).toBe(count === 1);
        if (Result.isSuccess(result)) {
          expect(Result.isSuccess(Schema.decodeUnknownResult(ActivationBody)(result.success))).toBe(true);
          expect(Object.keys(result.success)).toHaveLength(2);
        }
      }),
    );
  });
});

describe("licence bundles", () => {
  it("builds the activate and deactivate bodies", () => {
    expect(bundleActivationBody("agent1", "bundle1")).toEqual({ publicId: "agent1", bundle: { publicId: "bundle1" } });
    expect(bundleDeactivationBody(["b1", "b2", "b1"])).toEqual([{ publicId: "b1" }, { publicId: "b2" }]);
  });
  it("property: deactivation lists each given bundle exactly once", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("b1", "b2", "b3", "b4")), (ids) => {
        const body = bundleDeactivationBody(ids).map((b) => b.publicId);
        expect(new Set(body).size).toBe(body.length);
        expect(new Set(body)).toEqual(new Set(ids));
      }),
    );
  });
});
