/**
 * rjsf's validator interface (ValidatorType) over appConfigIssues (@cfworker/json-schema): the
 * generated app configuration form validates in the browser under the portal's strict Content
 * Security Policy, where rjsf's ajv validator cannot (ajv compiles schemas with `new Function`).
 * Follows @rjsf/validator-ajv8's processing: errors as RJSFValidationError with a dotted
 * `property`, an error schema by field, transformErrors and customValidate applied the same way.
 */
import {
  createErrorHandler, getDefaultFormState, toErrorSchema, unwrapErrorHandler, validationDataMerge,
  type CustomValidator, type ErrorTransformer, type RJSFSchema, type RJSFValidationError, type UiSchema, type ValidationData, type ValidatorType,
} from "@rjsf/utils";
import { appConfigIssues, type ConfigIssue } from "../../stores/appConfigIssues";

type Data = unknown;

/** A path as rjsf's property accessor: ["recipients", "0"] → ".recipients.0". */
const propertyOf = (path: ReadonlyArray<string>): string => path.map((p) => `.${p}`).join("");

function toRjsf(issue: ConfigIssue): RJSFValidationError {
  const property = propertyOf(issue.path);
  return { name: issue.keyword, message: issue.message, property, schemaPath: issue.schemaPath, params: {}, stack: `${property} ${issue.message}`.trim() };
}

/** A sub-schema with the root's definitions, so that its "#/definitions/…" and "#/$defs/…" refs resolve. */
function withRootDefinitions(schema: RJSFSchema, root: RJSFSchema | undefined): RJSFSchema {
  if (!root || root === schema) return schema;
  return {
    ...(root.definitions ? { definitions: root.definitions } : {}),
    ...(root.$defs ? { $defs: root.$defs } : {}),
    ...schema,
  };
}

export class CfworkerValidator implements ValidatorType<Data, RJSFSchema> {
  rawValidation<Result = ConfigIssue>(schema: RJSFSchema, formData?: Data): { errors?: Result[]; validationError?: Error } {
    try {
      return { errors: appConfigIssues(schema as Record<string, unknown>, formData) as Result[] };
    } catch (e) {
      return { validationError: e instanceof Error ? e : new Error(String(e)) };
    }
  }

  validateFormData(
    formData: Data | undefined, schema: RJSFSchema, customValidate?: CustomValidator<Data, RJSFSchema>,
    transformErrors?: ErrorTransformer<Data, RJSFSchema>, uiSchema?: UiSchema<Data, RJSFSchema>,
  ): ValidationData<Data> {
    const raw = this.rawValidation<ConfigIssue>(schema, formData);
    let errors = (raw.errors ?? []).map(toRjsf);
    if (raw.validationError) errors = [...errors, { stack: raw.validationError.message }];
    if (typeof transformErrors === "function") errors = transformErrors(errors, uiSchema);
    let errorSchema = toErrorSchema<Data>(errors);
    if (raw.validationError) errorSchema = { ...errorSchema, $schema: { __errors: [raw.validationError.message] } } as typeof errorSchema;
    if (typeof customValidate !== "function") return { errors, errorSchema };
    const full = getDefaultFormState<Data, RJSFSchema>(this, schema, formData, schema, true);
    const handler = customValidate(full, createErrorHandler<Data>(full), uiSchema, errorSchema);
    return validationDataMerge<Data>({ errors, errorSchema }, unwrapErrorHandler<Data>(handler));
  }

  isValid(schema: RJSFSchema, formData: Data | undefined, rootSchema: RJSFSchema): boolean {
    try {
      return appConfigIssues(withRootDefinitions(schema, rootSchema) as Record<string, unknown>, formData).length === 0;
    } catch {
      return false;
    }
  }
}

/** The one validator of the app configuration forms (its per-schema validators are cached by schema object). */
export const cfworkerValidator = new CfworkerValidator();
