/**
 * Giving a member or a device an access category (issue 11; manage:roles): the dialog's state
 * (the company's categories, what the member or device carries, the choice, the save and what a
 * failed save said, the choice kept) and the category shown on the device page. The server judges
 * the choice with core's chooseAudience; what the member then sees is core's seesDevice.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Audience, AudienceAssignment } from "@portal/core/domain/Audience";
import type { Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { allPages, type AudienceTarget } from "@portal/core/ports/PortalApi";
import type { RootStore } from "./RootStore";

/** Who the dialog is for: a member or a device, with the name the title shows. */
export interface AudienceDialogTarget extends AudienceTarget {
  readonly name: string;
}

const keyOf = (t: AudienceTarget): string => `${t.kind}:${t.publicId}`;

export class AudienceDialogStore {
  target: AudienceDialogTarget | null = null;
  categories: ReadonlyArray<Audience> = [];
  /** The category carried when the dialog opened ("" for none). */
  initial = "";
  /** The category chosen in the dialog ("" for none). */
  chosen = "";
  loading = false;
  saving = false;
  failure: Message | null = null;
  /** What a member or device carries, by "kind:publicId", as last read or saved (the device page shows it). */
  readonly shown = observable.map<string, AudienceAssignment["audience"]>();

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      target: observableRef, categories: observableRef, initial: observable, chosen: observable, loading: observable, saving: observable,
      failure: observableRef, dirty: computed, canSave: computed, choose: action, close: action,
    });
  }

  get dirty(): boolean {
    return this.chosen !== this.initial;
  }

  get canSave(): boolean {
    return this.target !== null && !this.loading && !this.saving && this.dirty;
  }

  /** What `target` carries now, for the device page (null: none; undefined while unknown). */
  carried(target: AudienceTarget): AudienceAssignment["audience"] | undefined {
    return this.shown.get(keyOf(target));
  }

  /** Reads what `target` carries into `shown`. A failure leaves it unknown (the page shows no value). */
  async loadShown(target: AudienceTarget): Promise<void> {
    const result = await this.root.run(this.root.ports.api.audiences.assignmentOf(target));
    if (result._tag === "Success") runInAction(() => this.shown.set(keyOf(target), result.success.audience));
  }

  /** Opens the dialog for `target`: loads the company's categories and what it carries. */
  async open(target: AudienceDialogTarget): Promise<void> {
    runInAction(() => {
      this.target = target;
      this.loading = true;
      this.failure = null;
      this.initial = this.chosen = "";
    });
    const api = this.root.ports.api.audiences;
    const [categories, carried] = [
      await this.root.run(allPages((after) => api.list({ pageSize: 1000, ...(after ? { pageAfter: after } : {}) }))),
      await this.root.run(api.assignmentOf(target)),
    ];
    runInAction(() => {
      if (this.target !== target) return;
      this.loading = false;
      if (categories._tag === "Failure" || carried._tag === "Failure") {
        const error = categories._tag === "Failure" ? categories.failure : carried._tag === "Failure" ? carried.failure : null;
        this.failure = error ? saveFailure(error, this.root.connectivity.isOnline).message : null;
        return;
      }
      this.categories = categories.success;
      this.initial = this.chosen = carried.success.audience?.publicId ?? "";
      this.shown.set(keyOf(target), carried.success.audience);
    });
  }

  choose(publicId: string): void {
    this.chosen = publicId;
    this.failure = null;
  }

  close(): void {
    if (!this.saving) this.target = null;
  }

  /** Saves the choice; closes on success, keeps the dialog and the choice with the reason on failure. */
  async save(): Promise<void> {
    const target = this.target;
    if (!target || !this.canSave) return;
    runInAction(() => (this.saving = true));
    const result = await this.root.run(this.root.ports.api.audiences.assign(target, this.chosen === "" ? null : this.chosen));
    runInAction(() => {
      this.saving = false;
      if (result._tag === "Failure") {
        const f = saveFailure(result.failure, this.root.connectivity.isOnline);
        this.failure = f.message ?? (f.fieldIssues[0] ? { key: f.fieldIssues[0].message } : null);
        return;
      }
      this.shown.set(keyOf(target), result.success.audience);
      if (this.target === target) this.target = null;
    });
  }
}
