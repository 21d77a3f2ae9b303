/**
 * Type tests of the contract, checked by `pnpm typecheck` (tsc): each `@ts-expect-error` below
 * must meet an error, or tsc fails with "Unused '@ts-expect-error' directive". They prove that
 * the handler table is typed by core's route table: a missing handler, an answer that does not
 * match the endpoint's success schema, or a body field the payload schema does not declare is
 * a build failure, not a runtime surprise.
 */
import { HANDLERS } from "../../src/buildApp";
import type { EndpointHandler, HandlerTable } from "../../src/http/RequestContext";

const { ["GroupTypeList.POST"]: _removed, ...withoutOne } = HANDLERS;
// @ts-expect-error a table without the handler of GroupTypeList.POST is not a HandlerTable
export const missingHandler: HandlerTable = withoutOne;

// @ts-expect-error a group type answer needs name and order (core's GroupType schema)
export const wrongAnswer: EndpointHandler<"GroupType.GET"> = async () => ({ type: "GroupType", data: { publicId: "x" } });

export const undeclaredField: EndpointHandler<"Translation.PATCH"> = async (ctx) => {
  // @ts-expect-error `label` is not a field of the Translation.PATCH payload schema
  const label: unknown = ctx.body.label;
  void label;
  return { type: "Translation", data: { publicId: "x", key: "k", languages: { en: "x" } } };
};

// The complete table compiles: the positive case of the three above.
export const complete: HandlerTable = HANDLERS;
