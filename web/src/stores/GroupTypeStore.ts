/**
 * The group types of the Groups pages (spec sections 2, 4, 5 and 8): side-panel controls by
 * rights, add and edit through core's descriptor (GroupTypeEntity.validate), delete behind the
 * checkTypeRemoval use case,
 * drag-to-reorder (OrderedTypeStore), and spread colours shown for types without one when the
 * user holds both manage:subgroups and manage:group-types (shown, not saved: reads never write).
 */
import { Effect, Result } from "effect";
import { computed, makeObservable, runInAction } from "mobx";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { GroupType } from "@portal/core/domain/GroupType";
import { allPages } from "@portal/core/ports/PortalApi";
import { GroupTypeEntity } from "@portal/core/entities/OrderedTypeEntity";
import { isNameBoundToTranslationKey } from "@portal/core/rules/groupTypes";
import { nextOrder, shouldSpreadColors, spreadColors } from "@portal/core/rules/ordering";
import type { SidePanelControls } from "@portal/core/rules/rights";
import { checkTypeRemoval } from "@portal/core/usecases/checkTypeRemoval";
import type { NoticeError } from "@portal/core/rules/errorCatalogue";
import { OrderedTypeStore, type SaveOutcome } from "./OrderedTypeStore";
import type { RootStore } from "./RootStore";
import { TranslationStore } from "./TranslationStore";
import { ShellDataStore } from "./ShellDataStore";

/** The fields of the group type dialog. `color` only counts when the colour control is shown. */
export interface GroupTypeInput {
  readonly name: string;
  readonly color?: string;
}

export class GroupTypeStore extends OrderedTypeStore<GroupType> {
  protected readonly removeOperation = "groupType.remove" as const;
  protected readonly snackbarKey = "group-types";

  private readonly translations: TranslationStore;

  constructor(root: RootStore) {
    super(root);
    this.translations = root.get(TranslationStore);
    makeObservable(this, { controls: computed, shownColors: computed });
  }

  get controls(): SidePanelControls {
    return GroupTypeEntity.controls(this.root.session.rights);
  }

  protected read(): ReadonlyArray<GroupType> {
    return this.root.get(ShellDataStore).groupTypes;
  }

  protected write(items: ReadonlyArray<GroupType>): void {
    runInAction(() => (this.root.get(ShellDataStore).groupTypes = items));
  }

  protected saveOrders(items: ReadonlyArray<{ publicId: string; order: number }>) {
    return this.root.ports.api.groupTypes.updateMany(items);
  }

  protected callRemove(publicId: string) {
    return this.root.ports.api.groupTypes.remove(publicId);
  }

  protected checkRemove(publicId: string): Promise<Result.Result<void, NoticeError>> {
    // One group is enough to know it is in use. When it cannot be counted the server decides,
    // in its transaction, as it does anyway.
    const usage = Effect.orElseSucceed(
      Effect.map(this.root.ports.api.groups.listByGroupType(publicId, { pageSize: 1 }), (p) => p.data.length), () => 0);
    return this.root.run(checkTypeRemoval(GroupTypeEntity, this.items, publicId, usage));
  }

  byId(publicId: string): GroupType | undefined {
    return this.read().find((t) => t.publicId === publicId);
  }

  /** Whether this type's name is a translation key (its dialog then disables the name field). */
  isBound(type: GroupType): boolean {
    return isNameBoundToTranslationKey(type.name, this.translations.keys);
  }

  /** The text shown for a type: the English text of its translation key when bound, else its name. */
  displayName(type: GroupType): string {
    return this.isBound(type) ? (this.translations.byKey(type.name)?.languages["en"] ?? type.name) : type.name;
  }

  /** Adds a group type as the last one (core's nextOrder). */
  async add(input: GroupTypeInput): Promise<SaveOutcome> {
    const valid = GroupTypeEntity.validate(input, { others: this.items, rights: this.root.session.rights });
    if (Result.isFailure(valid)) return { ok: false, issues: issuesOf(valid.failure) };
    const order = nextOrder(this.items);
    const result = await this.root.run(this.root.ports.api.groupTypes.add({ ...valid.success, order }));
    if (result._tag === "Failure") return this.saveFailed(result.failure);
    const created: GroupType = { publicId: result.success.publicId, ...valid.success, order };
    this.write([...this.read(), created]);
    return { ok: true, publicId: created.publicId };
  }

  /** Saves the changed fields of one group type; a name bound to a translation key is never sent. */
  async update(publicId: string, input: GroupTypeInput): Promise<SaveOutcome> {
    const existing = this.byId(publicId);
    if (existing === undefined) return { ok: false, issues: [] };
    const name = this.isBound(existing) ? existing.name : input.name;
    const valid = GroupTypeEntity.validate({ ...input, name }, { others: this.items, rights: this.root.session.rights, selfPublicId: publicId });
    if (Result.isFailure(valid)) return { ok: false, issues: issuesOf(valid.failure) };
    const patch = {
      ...(valid.success.name !== existing.name ? { name: valid.success.name } : {}),
      ...(valid.success.color !== undefined && valid.success.color !== existing.color ? { color: valid.success.color } : {}),
    };
    if (Object.keys(patch).length === 0) return { ok: true, publicId };
    const result = await this.root.run(this.root.ports.api.groupTypes.update(publicId, patch));
    if (result._tag === "Failure") return this.saveFailed(result.failure);
    this.write(this.read().map((t) => (t.publicId === publicId ? { ...t, ...patch } : t)));
    return { ok: true, publicId };
  }

  /**
   * The colour each type is shown with: its own, or for types without one a spread colour (core's
   * spreadColors) when core's shouldSpreadColors holds for the user's rights. Shown only: opening
   * a screen never writes (no audit entry for a read). The colour is saved when the person saves
   * the type's dialog, which starts with the colour they saw.
   */
  get shownColors(): ReadonlyMap<string, string | null> {
    const items = this.items;
    const spread = shouldSpreadColors(this.root.session.rights) ? spreadColors(items) : items;
    return new Map(spread.map((t) => [t.publicId, t.color ?? null]));
  }

  /** The colour a type is shown with (see shownColors). */
  colorOf(publicId: string): string | null {
    return this.shownColors.get(publicId) ?? null;
  }

  /** The groups of one type, for /groups/{id}. */
  listGroups(publicId: string) {
    const { groups } = this.root.ports.api;
    return this.root.run(allPages((after) => groups.listByGroupType(publicId, { pageSize: MAX_PAGE_SIZE, ...(after ? { pageAfter: after } : {}) })));
  }
}

/** The field issues of a failed validation: InvalidInput's list, or the name clash on the name field. */
export function issuesOf(error: { readonly _tag: string; readonly message: string; readonly issues?: ReadonlyArray<{ message: string; propertyName?: string }> }) {
  if (error._tag === "NameAlreadyInUse") return [{ message: error.message, propertyName: "name" }];
  return error.issues ?? [];
}
