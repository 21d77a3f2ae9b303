/**
 * Entity descriptors: one declaration per listed entity, read by the route table (wire/routes),
 * the server's generic routes and repository, the in-memory fake, the web list stores and the
 * CLI, so that what an entity is (its wire shape, bounds, list columns, rights, audit topic and
 * rules) is written once. Group types and asset types are two descriptors of one kind: ordered,
 * named, company-owned lists (spec.md sections 2, 4 "Ordering" and 5).
 */
import type { Result, Schema } from "effect";
import { AssetType } from "../domain/AssetType";
import { GroupType } from "../domain/GroupType";
import type { Right } from "../domain/Right";
import type { CannotDeleteAssetType, CannotDeleteGroupType, InvalidInput, NameAlreadyInUse } from "../errors";
import { canDeleteAssetType, validateAssetTypeInput } from "../rules/assetTypes";
import { canDeleteGroupType, validateGroupTypeInput, type TypeNameContext } from "../rules/groupTypes";
import { assetTypePanelControls, groupTypePanelControls, type SidePanelControls } from "../rules/rights";
import { AssetTypeBody, AssetTypeBulkBody, GroupTypeBody, GroupTypeBulkBody } from "../wire/payloads";

/** A column clients may filter a list on (api.md `filters`), by its wire name. */
export interface ListColumn {
  readonly type: "text" | "number";
}

/** What every listed entity declares. */
export interface EntityDescriptor<L extends string = string, I extends string = string> {
  /** Envelope `type` and audit-trail topic, e.g. "GroupType". */
  readonly topic: string;
  /** Discovery rels of the list and the item resource. */
  readonly listRel: L;
  readonly itemRel: I;
  /** The list resource's path; the item's is `${href}/{publicId}`. */
  readonly href: string;
  /** The entity as sent on the wire. */
  readonly entity: Schema.Top;
  /** The right that writes (create, change, delete, reorder); reading needs none beyond membership. */
  readonly writeRight: Right;
  /** Columns clients may filter on, by wire name. */
  readonly columns: Readonly<Record<string, ListColumn>>;
  /** The list's order (and keyset cursor), by wire names; publicId last makes it total. */
  readonly orderBy: ReadonlyArray<string>;
}

/** Name (and colour) of a type to create or change, as a form or a body gives them. */
export interface TypeInput {
  readonly name: unknown;
  readonly color?: unknown;
}

/** The checked name (and colour, when the caller may set one). */
export interface ValidType {
  readonly name: string;
  readonly color?: string;
}

/** Where a type is checked: the company's other types, the one being changed, the caller's rights. */
export interface TypeContext {
  /** The company's types (the one being changed may be among them: selfPublicId skips it). */
  readonly others?: ReadonlyArray<{ readonly publicId: string; readonly name: string }>;
  /** The same types indexed by name (rules/typeIndex): bulk calls check each item in constant time. */
  readonly index?: TypeNameContext["index"];
  readonly selfPublicId?: string;
  readonly rights: Iterable<string>;
  /**
   * The change leaves the colour as it is (a rename, a reorder): the colour is then neither
   * required nor checked, even where the caller may set one. A create always checks it.
   */
  readonly colorUnchanged?: boolean;
}

/** An ordered, named list of a company: group types, asset types. */
export interface OrderedTypeEntity<L extends string = string, I extends string = string> extends EntityDescriptor<L, I> {
  readonly kind: "ordered-type";
  /** Body of a create and of an item PATCH; one item of a bulk PATCH (carries publicId). */
  readonly body: Schema.Top;
  readonly bulkBody: Schema.Top;
  /** Whether the type carries a colour (group types, when subgroups are allowed). */
  readonly hasColor: boolean;
  /** The noun of what uses a type, for messages and the usage count ("groups", "resource variants"). */
  readonly usedBy: string;
  /** Which side-panel controls the caller's rights show (core's rights rule). */
  readonly controls: (rights: Iterable<string>) => SidePanelControls;
  /**
   * Checks a type to create or change with the kind's rule. Guarantees the same answer on every
   * caller (server, fake, web, CLI) for the same input, others and rights; errors InvalidInput
   * (REQUIRED, NAME_TOO_LONG, COLOR_FORMAT) or NameAlreadyInUse.
   */
  readonly validate: (input: TypeInput, ctx: TypeContext) => Result.Result<ValidType, InvalidInput | NameAlreadyInUse>;
  /** Whether a type may be deleted given all types and how many things use it (CannotDelete…). */
  readonly canDelete: (
    publicId: string, all: { readonly length: number }, usedBy: number,
  ) => Result.Result<void, CannotDeleteGroupType | CannotDeleteAssetType>;
}

/** The name-clash part of a context, as the rules take it. */
const names = (ctx: TypeContext): TypeNameContext => ({
  ...(ctx.others === undefined ? {} : { others: ctx.others }),
  ...(ctx.index === undefined ? {} : { index: ctx.index }),
  ...(ctx.selfPublicId === undefined ? {} : { selfPublicId: ctx.selfPublicId }),
});

const orderedColumns = { publicId: { type: "text" }, name: { type: "text" }, order: { type: "number" } } as const;

/** Group types (spec.md sections 2, 3, 5): the colour is shown, and required, with manage:subgroups. */
export const GroupTypeEntity = {
  kind: "ordered-type",
  topic: "GroupType", listRel: "GroupTypeList", itemRel: "GroupType", href: "/api/group-types",
  entity: GroupType, body: GroupTypeBody, bulkBody: GroupTypeBulkBody,
  writeRight: "manage:group-types", columns: orderedColumns, orderBy: ["order", "publicId"],
  hasColor: true, usedBy: "groups",
  controls: groupTypePanelControls,
  validate: (input, ctx) => validateGroupTypeInput(input, {
    ...names(ctx), colorShown: groupTypePanelControls(ctx.rights).color && ctx.colorUnchanged !== true,
  }),
  canDelete: canDeleteGroupType,
} as const satisfies OrderedTypeEntity<"GroupTypeList", "GroupType">;

/** Asset types (spec.md sections 2, 3, 5): a name, unique in the company; no colour. */
export const AssetTypeEntity = {
  kind: "ordered-type",
  topic: "AssetType", listRel: "AssetTypeList", itemRel: "AssetType", href: "/api/asset-types",
  entity: AssetType, body: AssetTypeBody, bulkBody: AssetTypeBulkBody,
  writeRight: "manage:asset-types", columns: orderedColumns, orderBy: ["order", "publicId"],
  hasColor: false, usedBy: "resource variants",
  controls: assetTypePanelControls,
  validate: (input, ctx) => validateAssetTypeInput({ name: input.name }, names(ctx)),
  canDelete: canDeleteAssetType,
} as const satisfies OrderedTypeEntity<"AssetTypeList", "AssetType">;

/** Both ordered type kinds. */
export const ORDERED_TYPE_ENTITIES = [GroupTypeEntity, AssetTypeEntity] as const;
