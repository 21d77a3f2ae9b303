/**
 * The documents of one device as a document component shows them (issue 13): list, upload (the
 * file read as base64 and judged by core's rules/deviceDocuments.ts before it is sent, so a file
 * too large or of a refused type is named at once), download (saved under the server's name)
 * and delete. The server judges again; its refusal is shown as the catalogue's sentence.
 */
import { Result } from "effect";
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { DeviceDocument } from "@portal/core/domain/DeviceRecords";
import { DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE, judgeDocument } from "@portal/core/rules/deviceDocuments";
import type { RootStore } from "./RootStore";
import { saveFileInBrowser } from "./saveFileInBrowser";

/** Reads a file as base64 (without the data: prefix). */
const readBytes = (file: Blob): Promise<ArrayBuffer> => new Promise((resolve, reject) => {
  // FileReader rather than Blob.arrayBuffer: the same in every browser and in the tests' DOM.
  const reader = new FileReader();
  reader.onload = () => resolve(reader.result as ArrayBuffer);
  reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
  reader.readAsArrayBuffer(file);
});

const readBase64 = (file: Blob): Promise<string> => readBytes(file).then((buffer) => {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  // In slices: String.fromCharCode with 10 MB of arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
});

export class DocumentsStore {
  documents: ReadonlyArray<DeviceDocument> = [];
  state: "idle" | "loading" | "loaded" | "failed" = "idle";
  /** The catalogue sentence of the last failed upload, download or delete. */
  error: string | null = null;
  uploading = false;

  constructor(
    private readonly root: RootStore, readonly agentPublicId: string,
    private readonly saveFile: (name: string, file: Blob) => void = saveFileInBrowser,
  ) {
    makeObservable(this, { documents: observableRef, state: observable, error: observable, uploading: observable, clearError: action });
  }

  clearError(): void {
    this.error = null;
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "loading"));
    const result = await this.root.run(this.root.ports.api.deviceRecords.documents(this.agentPublicId, { pageSize: 100 }));
    runInAction(() => {
      if (result._tag === "Success") {
        this.documents = result.success.data;
        this.state = "loaded";
      } else {
        this.state = "failed";
      }
    });
  }

  /** Uploads one file chosen by the person. */
  async upload(file: File): Promise<boolean> {
    if (file.size > DOCUMENT_MAX_BYTES) {
      runInAction(() => (this.error = this.root.messages.text(DOCUMENT_TOO_LARGE)));
      return false;
    }
    runInAction(() => {
      this.uploading = true;
      this.error = null;
    });
    const body = { fileName: file.name, content: await readBase64(file) };
    const judged = judgeDocument(body);
    if (Result.isFailure(judged)) {
      runInAction(() => {
        this.uploading = false;
        this.error = this.root.messages.text(judged.failure.issue.message);
      });
      return false;
    }
    const result = await this.root.run(this.root.ports.api.deviceRecords.uploadDocument(this.agentPublicId, body));
    runInAction(() => {
      this.uploading = false;
      if (result._tag === "Success") this.documents = [result.success, ...this.documents];
      else this.error = this.root.messages.ofError(result.failure);
    });
    if (result._tag === "Success") this.root.snackbars.show({ message: "DOCUMENT_UPLOADED", params: { name: result.success.fileName }, timeoutMs: 3000, intent: "success", key: "documents" });
    return result._tag === "Success";
  }

  async download(doc: DeviceDocument): Promise<void> {
    const result = await this.root.run(this.root.ports.api.deviceRecords.downloadDocument(doc.publicId, doc.fileName));
    if (result._tag === "Success") {
      this.saveFile(result.success.fileName, result.success.file);
      this.root.snackbars.show({ message: "DOCUMENT_SAVED", params: { name: result.success.fileName }, timeoutMs: 3000, key: "documents" });
    } else {
      runInAction(() => (this.error = this.root.messages.ofError(result.failure)));
    }
  }

  async remove(doc: DeviceDocument): Promise<void> {
    const result = await this.root.run(this.root.ports.api.deviceRecords.removeDocument(doc.publicId));
    runInAction(() => {
      if (result._tag === "Success") this.documents = this.documents.filter((d) => d.publicId !== doc.publicId);
      else this.error = this.root.messages.ofError(result.failure);
    });
    if (result._tag === "Success") this.root.snackbars.show({ message: "DOCUMENT_DELETED", params: { name: doc.fileName }, timeoutMs: 3000, key: "documents" });
  }
}
