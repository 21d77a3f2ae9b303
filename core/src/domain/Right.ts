/**
 * Feature rights of spec.md section 6 (rightNames.ts) and the schema that decodes one.
 */
import { Schema } from "effect";
import { ALL_RIGHTS, type Right } from "./rightNames";

export * from "./rightNames";

/** Decodes a right from its "kind:feature" string; unknown strings fail. */
export const RightSchema = Schema.Literals(ALL_RIGHTS as [Right, ...Right[]]);
