/**
 * The asset types of the Assets pages (spec sections 2, 4, 5 and 8): side-panel controls by
 * manage:asset-types, add and rename through core's descriptor (AssetTypeEntity.validate), delete
 * behind its canDelete (the server knows which resource variants use a type), drag-to-reorder.
 */
import { Result } from "effect";
import { computed, makeObservable, runInAction } from "mobx";
import type { AssetType } from "@portal/core/domain/AssetType";
import { AssetTypeEntity } from "@portal/core/entities/OrderedTypeEntity";
import type { NoticeError } from "@portal/core/rules/errorCatalogue";
import { nextOrder } from "@portal/core/rules/ordering";
import type { SidePanelControls } from "@portal/core/rules/rights";
import { issuesOf } from "./GroupTypeStore";
import { OrderedTypeStore, type SaveOutcome } from "./OrderedTypeStore";
import type { RootStore } from "./RootStore";
import { ShellDataStore } from "./ShellDataStore";

export class AssetTypeStore extends OrderedTypeStore<AssetType> {
  protected readonly removeOperation = "assetType.remove" as const;
  protected readonly snackbarKey = "asset-types";

  constructor(root: RootStore) {
    super(root);
    makeObservable(this, { controls: computed });
  }

  get controls(): SidePanelControls {
    return AssetTypeEntity.controls(this.root.session.rights);
  }

  protected read(): ReadonlyArray<AssetType> {
    return this.root.get(ShellDataStore).assetTypes;
  }

  protected write(items: ReadonlyArray<AssetType>): void {
    runInAction(() => (this.root.get(ShellDataStore).assetTypes = items));
  }

  protected saveOrders(items: ReadonlyArray<{ publicId: string; order: number }>) {
    return this.root.ports.api.assetTypes.updateMany(items);
  }

  protected callRemove(publicId: string) {
    return this.root.ports.api.assetTypes.remove(publicId);
  }

  /** The last one is refused here; "in use" (resource variants) only the server can count. */
  protected checkRemove(publicId: string): Promise<Result.Result<void, NoticeError>> {
    // The web cannot count resource variants: the "last" half here, the rest on the server.
    return Promise.resolve(AssetTypeEntity.canDelete(publicId, this.items, 0));
  }

  byId(publicId: string): AssetType | undefined {
    return this.read().find((t) => t.publicId === publicId);
  }

  /** Adds an asset type as the last one (core's nextOrder). */
  async add(input: { readonly name: string }): Promise<SaveOutcome> {
    const valid = AssetTypeEntity.validate(input, { others: this.items, rights: this.root.session.rights });
    if (Result.isFailure(valid)) return { ok: false, issues: issuesOf(valid.failure) };
    const order = nextOrder(this.items);
    const result = await this.root.run(this.root.ports.api.assetTypes.add({ name: valid.success.name, order }));
    if (result._tag === "Failure") return this.saveFailed(result.failure);
    const created: AssetType = { publicId: result.success.publicId, name: valid.success.name, order };
    this.write([...this.read(), created]);
    return { ok: true, publicId: created.publicId };
  }

  /** Renames one asset type. */
  async rename(publicId: string, input: { readonly name: string }): Promise<SaveOutcome> {
    const existing = this.byId(publicId);
    if (existing === undefined) return { ok: false, issues: [] };
    const valid = AssetTypeEntity.validate(input, { others: this.items, rights: this.root.session.rights, selfPublicId: publicId });
    if (Result.isFailure(valid)) return { ok: false, issues: issuesOf(valid.failure) };
    if (valid.success.name === existing.name) return { ok: true, publicId };
    const result = await this.root.run(this.root.ports.api.assetTypes.update(publicId, { name: valid.success.name }));
    if (result._tag === "Failure") return this.saveFailed(result.failure);
    this.write(this.read().map((t) => (t.publicId === publicId ? { ...t, name: valid.success.name } : t)));
    return { ok: true, publicId };
  }
}
