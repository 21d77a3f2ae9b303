import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GroupType } from "@portal/core/domain/GroupType";
import { AssetTypeForm } from "../src/features/asset-types/AssetTypeForm";
import { GroupTypeForm } from "../src/features/group-types/GroupTypeForm";
import { TranslationForm } from "../src/features/translations/TranslationForm";

const TYPES: GroupType[] = [
  { publicId: "gtDepartment", name: "Department", color: "#1f77b4", order: 0 },
  { publicId: "gtLocation00", name: "Location", color: null, order: 1000 },
];

describe("GroupTypeForm", () => {
  it("is not submittable while pristine, shows REQUIRED, NAME_ALREADY_IN_USE and a missing colour", () => {
    const form = new GroupTypeForm({ others: TYPES, colorShown: true });
    expect(form.canSubmit).toBe(false);
    expect(form.nameError).toBeNull();
    form.setName("department ");
    // The clash shows even while the colour is still missing.
    expect(form.nameError).toBe("NAME_ALREADY_IN_USE");
    form.setName("");
    expect(form.nameError).toBe("REQUIRED");
    form.setName("Team");
    form.touch("color");
    expect(form.colorError).toBe("REQUIRED");
    expect(form.canSubmit).toBe(false);
    form.setColor("#12345");
    expect(form.colorError).toBe("Must be a colour in the form #rrggbb");
    form.setColor("#123456");
    expect(form.canSubmit).toBe(true);
    form.setServerIssues([{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }]);
    expect(form.canSubmit).toBe(false);
    form.setName("Team 2");
    expect(form.canSubmit).toBe(true);
  });

  it("edit: keeps its own name, hides the colour without the right, disables a bound name", () => {
    const edit = new GroupTypeForm({ editing: TYPES[0]!, others: TYPES, colorShown: false });
    expect(edit.pristine).toBe(true);
    edit.setName("Department");
    expect(edit.canSubmit).toBe(false);
    edit.setName("Departments");
    expect(edit.canSubmit).toBe(true);
    expect(edit.colorError).toBeNull();
    const bound = new GroupTypeForm({ editing: { ...TYPES[1]!, name: "GROUP_TYPE_SITE" }, others: TYPES, colorShown: true, boundText: "Site" });
    expect(bound.nameBound).toBe(true);
    expect(bound.nameShown).toBe("Site");
    expect(bound.canSubmit).toBe(false);
    bound.setColor("#00aa00");
    expect(bound.canSubmit).toBe(true);
  });

  it("property: the form is never submittable while pristine", () => {
    fc.assert(fc.property(fc.string(), fc.boolean(), (name, colorShown) => {
      const form = new GroupTypeForm({ editing: { publicId: "gtX000000000", name, color: "#000000", order: 0 }, others: TYPES, colorShown });
      expect(form.canSubmit).toBe(false);
    }));
  });
});

describe("AssetTypeForm", () => {
  it("needs a changed, non-empty name of at most 255 characters", () => {
    const form = new AssetTypeForm({ publicId: "atPump000000", name: "Pump", order: 0 });
    expect(form.canSubmit).toBe(false);
    form.setName(" ");
    expect(form.nameError).toBe("REQUIRED");
    form.setName("x".repeat(256));
    expect(form.nameError).toBe("Must be at most 255 characters");
    form.setName("Pumps");
    expect(form.canSubmit).toBe(true);
  });
});

describe("TranslationForm", () => {
  it("keeps en first and required, and shows core's batch messages per field", () => {
    const form = new TranslationForm();
    expect(form.rows.map((r) => r.code)).toEqual(["en"]);
    form.setKey("1bad");
    expect(form.errorOf("key")).toBe("Value does not match regex expression");
    expect(form.rowError(form.rows[0]!)).toBe("Required language missing: en");
    form.setKey("GOOD_KEY");
    form.setText(form.rows[0]!.id, "Good");
    form.addLanguage();
    form.setCode(form.rows[1]!.id, "DE!");
    expect(form.rowError(form.rows[1]!)).toBe("Value does not match regex expression");
    form.setCode(form.rows[1]!.id, "de");
    form.setText(form.rows[1]!.id, "Gut");
    expect(form.languages).toEqual({ en: "Good", de: "Gut" });
    expect(form.canSubmit).toBe(true);
    form.removeLanguage(form.rows[0]!.id);
    expect(form.rows.map((r) => r.code)).toEqual(["en", "de"]);
  });
});
