/**
 * The document management component (issue 13): the device's documents with Download and (where
 * the server allows) Delete, and an upload when the component's config allows it. The accepted
 * types and the size limit are core's (rules/deviceDocuments.ts); a refusal is the catalogue's
 * sentence.
 */
import { Button, Callout, FileInput } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { DOCUMENT_ACCEPT } from "@portal/core/rules/deviceDocuments";
import { useStores } from "../componentDeps";
import { DocumentsStore } from "../componentDeps";
import { formatDateTime } from "../componentDeps";
import type { DeviceComponentProps } from "./deviceComponentProps";
import "./deviceComponents.css";

const sizeText = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export const DocumentsView = observer(function DocumentsView({ component: c, ctx }: DeviceComponentProps) {
  const root = useStores();
  const agentId = ctx.agent?.publicId ?? null;
  const [store, setStore] = useState<DocumentsStore | null>(null);
  useEffect(() => {
    if (agentId === null) return setStore(null);
    const s = new DocumentsStore(root, agentId);
    setStore(s);
    void s.load();
  }, [root, agentId]);
  const title = typeof c.config["title"] === "string" ? c.config["title"] : "";
  if (agentId === null || store === null) return <p className="dc-muted">{root.messages.text("deviceComponents.noDevice")}</p>;
  return (
    <section className="dc" aria-label={title || "Documents"} data-testid="dc-documents">
      {title && <h3 className="dc-title">{title}</h3>}
      {c.config["allowUpload"] === true && (
        <FileInput fill text={store.uploading ? "Uploading…" : "Choose a file to upload"} buttonText="Browse" disabled={store.uploading}
          inputProps={{ accept: DOCUMENT_ACCEPT, "aria-label": "Upload a document", ...{ "data-testid": "dc-documents-upload" } as object }}
          onInputChange={(e) => {
            const input = e.currentTarget as HTMLInputElement;
            const file = input.files?.[0];
            if (file) void store.upload(file).then(() => { input.value = ""; });
          }} />
      )}
      {store.error && <Callout intent="danger" compact role="alert">{store.error}</Callout>}
      {store.state === "failed" && <Callout intent="warning" compact>{root.messages.text("documents.loadFailed")} <Button size="small" text="Try again" onClick={() => void store.load()} /></Callout>}
      {store.state === "loaded" && store.documents.length === 0 && <p className="dc-muted">{root.messages.text("documents.none")}</p>}
      <ul className="dc-list" data-testid="dc-documents-list">
        {store.documents.map((d) => (
          <li key={d.publicId} className="dc-item dc-doc" data-testid="dc-document">
            <span>
              <span className="dc-doc-name">{d.fileName}</span>
              <span className="dc-muted"> · {sizeText(d.size)} · {d.uploadedBy.name}, {formatDateTime(d.uploadedAt)}</span>
            </span>
            <span className="dc-row">
              <Button size="small" icon="download" aria-label={`Download ${d.fileName}`} onClick={() => void store.download(d)} data-testid="dc-document-download" />
              {d.canDelete && <Button size="small" icon="trash" aria-label={`Delete ${d.fileName}`} onClick={() => void store.remove(d)} />}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
});
