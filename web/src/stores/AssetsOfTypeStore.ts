/**
 * The assets of one asset type on its page (issue 12): read with the asset list's server-side
 * filters (api.md `filters`: the type, and optionally one custom field's value by core's
 * customFieldFilter), so that the page can show and edit each asset's custom fields.
 */
import { Result } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Asset } from "@portal/core/domain/Device";
import { allPages } from "@portal/core/ports/PortalApi";
import { customFieldFilter } from "@portal/core/rules/customFields";
import type { Filter } from "@portal/core/wire/filters";
import type { GateState } from "./BootstrapStore";
import type { RootStore } from "./RootStore";
import { CustomFieldsStore } from "./CustomFieldsStore";

export class AssetsOfTypeStore {
  assets: ReadonlyArray<Asset> = [];
  state: GateState = "idle";
  fieldFilter: { readonly field: string | null; readonly value: string } = { field: null, value: "" };
  private generation = 0;

  constructor(private readonly root: RootStore, readonly assetTypePublicId: string) {
    makeObservable<AssetsOfTypeStore, "generation">(this, {
      generation: false, assets: observableRef, state: observable, fieldFilter: observableRef, fieldFilterIssue: computed, setFieldFilter: action,
    });
  }

  private fieldFilterResult() {
    const field = this.root.get(CustomFieldsStore).fieldsOf("asset").find((f) => f.publicId === this.fieldFilter.field);
    return field ? customFieldFilter(field, this.fieldFilter.value) : Result.succeed(null);
  }

  get fieldFilterIssue(): string | null {
    const r = this.fieldFilterResult();
    return Result.isFailure(r) ? r.failure : null;
  }

  setFieldFilter(field: string | null, value: string): void {
    this.fieldFilter = { field, value: field === this.fieldFilter.field ? value : "" };
    void this.load();
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    const extra = this.fieldFilterResult();
    const filters: Filter[] = [{ op: "eq", column: "assetType.publicId", values: [this.assetTypePublicId] }, ...(Result.isSuccess(extra) && extra.success ? [extra.success] : [])];
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(allPages((after) => this.root.ports.api.accessRequests.assets({ pageSize: 500, filters, ...(after ? { pageAfter: after } : {}) })));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.assets = result.success;
        this.state = "ready";
      } else this.state = "failed";
    });
  }
}
