/**
 * The Router screensavers screen (issue 13; manage:branding): the company's screensavers with a
 * thumbnail each (the image fetched by id, spec 7, and shown as a data: URL, which the CSP's
 * img-src allows), upload from a file (judged by the server by content, resized to the routers'
 * panel), and delete after a confirmation. Created by the screen when it mounts.
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { RouterScreensaver } from "@portal/core/domain/Platform";
import { allPages } from "@portal/core/ports/PortalApi";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "screensavers";

/** A file's content as a data: URL (base64), which the server's base64 field accepts as is. */
export const readAsDataUrl = (file: Blob): Promise<string> => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error ?? new Error("read failed"));
  reader.readAsDataURL(file);
});

export class ScreensaversStore {
  items: ReadonlyArray<RouterScreensaver> = [];
  /** publicId to the image as a data: URL, once fetched. */
  thumbnails: ReadonlyMap<string, string> = new Map();
  state: GateState = "idle";
  uploading = false;
  confirmingDelete: RouterScreensaver | null = null;
  deleting = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      items: observableRef, thumbnails: observableRef, state: observable, uploading: observable, confirmingDelete: observableRef, deleting: observable,
      askDelete: action, cancelDelete: action,
    });
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const api = this.root.ports.api.platform;
    const result = await this.root.run(allPages((after) => api.screensavers({ pageSize: 100, ...(after ? { pageAfter: after } : {}) })));
    if (result._tag === "Failure") {
      runInAction(() => (this.state = "failed"));
      notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      return;
    }
    runInAction(() => {
      this.items = result.success;
      this.state = "ready";
    });
    await Promise.all(result.success.filter((s) => !this.thumbnails.has(s.publicId)).map((s) => this.fetchImage(s.publicId)));
  }

  private async fetchImage(publicId: string): Promise<void> {
    const result = await this.root.run(this.root.ports.api.platform.screensaverImage(publicId));
    if (result._tag === "Failure") return;
    const url = await readAsDataUrl(result.success.file).catch(() => null);
    if (url) runInAction(() => (this.thumbnails = new Map([...this.thumbnails, [publicId, url]])));
  }

  /** Uploads a file chosen by the person; the server judges it (type by content, size). */
  async upload(file: File): Promise<void> {
    if (this.uploading) return;
    runInAction(() => (this.uploading = true));
    const image = await readAsDataUrl(file).catch(() => null);
    const result = image === null ? null : await this.root.run(this.root.ports.api.platform.uploadScreensaver({ name: file.name, image }));
    runInAction(() => (this.uploading = false));
    if (result === null) {
      this.root.snackbars.show({ message: "IMAGE_NOT_BASE64", timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      return;
    }
    if (result._tag === "Failure") {
      notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      return;
    }
    this.root.snackbars.show({ message: "SCREENSAVER_UPLOADED", params: { name: result.success.name }, timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
    await this.load();
  }

  askDelete(item: RouterScreensaver): void {
    this.confirmingDelete = item;
  }

  cancelDelete(): void {
    if (!this.deleting) this.confirmingDelete = null;
  }

  async confirmDelete(): Promise<void> {
    const item = this.confirmingDelete;
    if (!item || this.deleting) return;
    runInAction(() => (this.deleting = true));
    const result = await this.root.run(this.root.ports.api.platform.removeScreensaver(item.publicId));
    runInAction(() => {
      this.deleting = false;
      this.confirmingDelete = null;
      if (result._tag === "Success") this.items = this.items.filter((s) => s.publicId !== item.publicId);
    });
    if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
  }
}
