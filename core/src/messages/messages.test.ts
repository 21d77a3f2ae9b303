import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ApiFailure, ApiUnavailable, CannotDeleteAssetType, CannotDeleteGroupType, Conflict, Forbidden, GatewayTimeout, InvalidInput,
  NameAlreadyInUse, NoAgentReference, NoPublishedPage, NotFound, PageHasNoDraft, RateLimited, StorageFailure, Unauthenticated,
  VpnClientUnreachable,
} from "../errors";
import { INVALID_DATE_AND_TIME, REQUIRED, UNABLE_TO_REQUEST_ACCESS } from "../rules/accessRequestForm";
import { DECISION_NOTICE_KEYS } from "../rules/accessRequests";
import { REQUIRED as ACTIVATION_REQUIRED } from "../rules/activation";
import { CONNECTION_FAILED } from "../rules/connectPermission";
import { NO_CONNECTION } from "../rules/connectivity";
import { ERROR_CATALOGUE } from "../rules/errorCatalogue";
import { COLOR_FORMAT, NAME_TOO_LONG, REQUIRED as TYPE_REQUIRED } from "../rules/groupTypes";
import {
  DUPLICATE, EXPECTED_OBJECT, EXPECTED_STRING, PATTERN_MISMATCH, REQUIRED_LANGUAGE_MISSING, REQUIRED_PROPERTY,
} from "../rules/translations";
import { AUDIENCE_IN_USE, AUDIENCE_NAME_ALREADY_IN_USE } from "../rules/accessCategories";
import { ROLE_IN_USE, ROLE_NAME_ALREADY_IN_USE, UNKNOWN_RIGHT } from "../rules/roles";
import { CUSTOM_FIELD_MESSAGE_KEYS } from "../rules/customFields";
import { errorText, hasMessage, isRawKey, messageForError, messageText, overridesFromTranslations } from "./messages";

/** Every key core's rules put into messages: each must have its own English text. */
const CORE_KEYS = [
  REQUIRED, INVALID_DATE_AND_TIME, UNABLE_TO_REQUEST_ACCESS, ACTIVATION_REQUIRED, TYPE_REQUIRED, NAME_TOO_LONG, COLOR_FORMAT,
  CONNECTION_FAILED, NO_CONNECTION, ...Object.values(DECISION_NOTICE_KEYS),
  REQUIRED_PROPERTY, REQUIRED_LANGUAGE_MISSING, PATTERN_MISMATCH, DUPLICATE, EXPECTED_OBJECT, EXPECTED_STRING,
  "PASSWORD_CHANGED", "TWO_FACTOR_REQUIRED", "TWO_FACTOR_INVALID",
  ROLE_NAME_ALREADY_IN_USE, ROLE_IN_USE, UNKNOWN_RIGHT, AUDIENCE_NAME_ALREADY_IN_USE, AUDIENCE_IN_USE,
  ...CUSTOM_FIELD_MESSAGE_KEYS,
];

/** One instance of every tagged error of core/src/errors.ts. */
const EVERY_ERROR = [
  new PageHasNoDraft({ pagePublicId: "p" }), new NoPublishedPage({ pagePublicId: "p" }), new NameAlreadyInUse({ name: "Site" }),
  new CannotDeleteGroupType({ publicId: "g", reason: "last" }), new CannotDeleteGroupType({ publicId: "g", reason: "in-use" }),
  new CannotDeleteAssetType({ publicId: "a", reason: "last" }), new CannotDeleteAssetType({ publicId: "a", reason: "in-use" }),
  new NoAgentReference(), new InvalidInput({ issues: [] }), new Conflict({ issues: [] }), new NotFound({ entity: "Group type" }),
  new Forbidden({}), new Unauthenticated({}), new RateLimited({ message: "" }), new ApiUnavailable({ status: 0 }),
  new GatewayTimeout(), new ApiFailure({ status: 500, issues: [] }), new VpnClientUnreachable({}), new StorageFailure({ key: "k" }),
];

const looksRaw = (text: string) => isRawKey(text) || /[{}]/.test(text);

describe("the message catalogue", () => {
  it.each(CORE_KEYS)("has an English sentence for %s", (key) => {
    expect(hasMessage(key)).toBe(true);
    expect(looksRaw(messageText(key))).toBe(false);
  });

  it("has a text for every fixed text of the error catalogue (spec 8)", () => {
    for (const entry of Object.values(ERROR_CATALOGUE)) {
      if (entry.source !== "fixed" || entry.text === "") continue;
      expect(hasMessage(entry.text), entry.text).toBe(true);
    }
  });

  it.each(EVERY_ERROR.map((e) => [e._tag, e] as const))("says %s as a sentence", (_, error) => {
    const text = errorText(error);
    expect(looksRaw(text)).toBe(false);
    expect(text).toMatch(/[.)]$/);
    expect(text).not.toBe(messageText("generic"));
  });

  it("puts the name in", () => {
    expect(errorText(new NameAlreadyInUse({ name: "Site" }))).toBe("Another group type is already named “Site”. Choose a different name.");
    expect(messageText("NAME_HAS_APPROVED_YOUR_ACCESS_REQUEST", { name: "Ada" })).toBe("Ada has approved your access request.");
    expect(errorText(new NotFound({ entity: "Group type" }))).toMatch(/^Group type was not found/);
  });

  it("uses the bare sentence when the name is missing", () => {
    expect(messageText("NAME_ALREADY_IN_USE")).toBe("This name is already in use. Choose a different name.");
    expect(errorText(new NameAlreadyInUse({ name: "" }))).toBe("This name is already in use. Choose a different name.");
  });

  it("passes the server's own sentences through and reads a keyed first issue", () => {
    expect(errorText(new Conflict({ issues: [{ message: "Audience has members" }] }))).toBe("Audience has members");
    expect(errorText(new InvalidInput({ issues: [{ message: "Required language missing: en", propertyName: "languages" }] })))
      .toBe("The English text (en) is required.");
    expect(messageForError(new ApiFailure({ status: 409, issues: [{ message: "NAME_ALREADY_IN_USE" }] })).key).toBe("NAME_ALREADY_IN_USE");
  });

  it("lets a company's translation override a text, placeholders included", () => {
    const overrides = overridesFromTranslations([
      { key: "REQUIRED", languages: { en: "Please fill this in." } },
      { key: "NAME_HAS_REVOKED_YOUR_ACCESS_REQUEST", languages: { en: "Access withdrawn by {name}." } },
      { key: "site.title", languages: { en: "Not a message key" } },
    ]);
    expect(overrides.has("site.title")).toBe(false);
    expect(messageText("REQUIRED", {}, overrides)).toBe("Please fill this in.");
    expect(messageText("NAME_HAS_REVOKED_YOUR_ACCESS_REQUEST", { name: "Bo" }, overrides)).toBe("Access withdrawn by Bo.");
  });

  it("never shows a raw key or a placeholder, whatever the input (property)", () => {
    const keys = fc.oneof(fc.constantFrom(...CORE_KEYS, "error.NotFound", "UNKNOWN_KEY_X", "SOMETHING", ""), fc.string());
    const params = fc.dictionary(fc.constantFrom("name", "other"), fc.oneof(fc.string(), fc.constant(undefined)));
    fc.assert(fc.property(keys, params, (key, p) => {
      const text = messageText(key, p);
      expect(isRawKey(text.trim())).toBe(false);
      if (hasMessage(key)) expect(text).not.toMatch(/\{\w+\}/);
    }));
  });
});
