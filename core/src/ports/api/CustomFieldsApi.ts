import type { Effect } from "effect";
import type { CustomFieldValue, CustomFieldValues, CustomProperty, CustomPropertyTarget } from "../../domain/CustomProperty";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** A custom property to create, or the fields of one to change. */
export interface CustomPropertyInput {
  readonly name?: string;
  readonly type?: string;
  readonly target?: string;
  readonly required?: boolean;
  readonly options?: ReadonlyArray<string>;
  readonly order?: number;
}

/** Custom fields (issue 12): the company's custom properties and their values on devices and assets. */
export interface CustomFieldsApi {
  /** A page of the global list: the platform's global properties and the company's, in form order. Fails with a CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<CustomProperty>, CallError>;
  /** Adds one. Fails with InvalidInput (rules/customFields.ts), Conflict CUSTOM_PROPERTY_NAME_IN_USE or a CallError. */
  readonly add: (input: CustomPropertyInput) => Effect.Effect<Created, CallError | Conflict>;
  /** Changes one. Fails with NotFound, InvalidInput, Conflict (name in use, type or option in use, global) or a CallError. */
  readonly update: (publicId: string, input: CustomPropertyInput) => Effect.Effect<CustomProperty, CallError | NotFound | Conflict>;
  /** Sets the order of several in one call (one transaction, one audit entry). Fails with NotFound, Conflict or a CallError. */
  readonly reorder: (items: ReadonlyArray<{ readonly publicId: string; readonly order: number }>) => Effect.Effect<void, CallError | NotFound | Conflict>;
  /** Deletes one with its values. Fails with NotFound, Conflict (global) or a CallError. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | NotFound | Conflict>;
  /** The values of a device or an asset. Fails with NotFound or a CallError. */
  readonly values: (target: CustomPropertyTarget, publicId: string) => Effect.Effect<CustomFieldValues, CallError | NotFound>;
  /** Replaces the values of a device or an asset. Fails with InvalidInput (per `values.<publicId>`), NotFound or a CallError. */
  readonly saveValues: (
    target: CustomPropertyTarget, publicId: string, values: Readonly<Record<string, CustomFieldValue | null>>,
  ) => Effect.Effect<CustomFieldValues, CallError | NotFound>;
}
