/** How the custom field types and targets read on screen. */
import type { CustomPropertyTarget, CustomPropertyType } from "@portal/core/domain/CustomProperty";
import { endpointOf } from "@portal/core/wire/routes";

export const TYPE_LABEL: Readonly<Record<CustomPropertyType, string>> = {
  text: "Text", number: "Number", boolean: "Yes / no", date: "Date", choice: "Choice",
};

export const TARGET_LABEL: Readonly<Record<CustomPropertyTarget, string>> = { device: "Devices", asset: "Assets" };

const VALUE_WRITERS: ReadonlyArray<string> = endpointOf("AgentCustomFieldValues", "PUT")?.endpoint.rights ?? [];

/** Whether the caller may change values of devices and assets: one of the rights of the values route (core's ROUTES). */
export const canEditCustomValues = (rights: ReadonlyArray<string>): boolean => VALUE_WRITERS.some((r) => rights.includes(r));
