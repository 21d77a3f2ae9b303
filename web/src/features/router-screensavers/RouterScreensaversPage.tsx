import { Alert, Button, Card, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useRef, useState } from "react";
import { useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { ScreensaversStore } from "../../stores/ScreensaversStore";
import "../templates/templates.css";

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * /router-screensavers (manage:branding): the images the company's routers show while idle, as
 * thumbnails, with upload (a PNG, JPEG, GIF or WebP of at most 1 MB; the server fits it into
 * 1024x600) and delete after a confirmation.
 */
export const RouterScreensaversPage = observer(function RouterScreensaversPage() {
  const root = useStores();
  const [store] = useState(() => new ScreensaversStore(root));
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div className="platform-page" data-testid="screensavers-page">
      <ScreenHeader title="Router screensavers">
        <Button icon="upload" intent="primary" text="Upload image" loading={store.uploading} onClick={() => input.current?.click()} data-testid="screensaver-upload" />
        <input ref={input} type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="platform-file" aria-label="Screensaver image file"
          tabIndex={-1} data-testid="screensaver-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (file) void store.upload(file);
          }} />
      </ScreenHeader>
      <p className="bp6-text-muted">Images your routers show on their display while idle: PNG, JPEG, GIF or WebP, at most 1 MB, fitted into 1024 × 600 pixels.</p>
      {store.state === "pending" && store.items.length === 0 ? <Spinner size={32} /> : store.items.length === 0 ? (
        <NonIdealState icon="media" title="No screensavers yet" description="Upload an image to show it on your routers." />
      ) : (
        <ul className="screensaver-grid" data-testid="screensaver-list">
          {store.items.map((s) => {
            const url = store.thumbnails.get(s.publicId);
            return (
              <li key={s.publicId}>
                <Card className="screensaver-card" data-testid="screensaver-item">
                  <div className="screensaver-thumb">
                    {url ? <img src={url} alt={`Screensaver ${s.name}`} data-testid="screensaver-image" /> : <Spinner size={20} aria-label={`Loading ${s.name}`} />}
                  </div>
                  <div className="screensaver-meta">
                    <strong className="screensaver-name">{s.name}</strong>
                    <span className="bp6-text-muted">{s.width} × {s.height} · {kib(s.bytes)}</span>
                  </div>
                  <Button size="small" variant="minimal" icon="trash" intent="danger" text="Delete" aria-label={`Delete ${s.name}`}
                    onClick={() => store.askDelete(s)} data-testid="screensaver-delete" />
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <Alert isOpen={store.confirmingDelete !== null} intent="danger" icon="trash" cancelButtonText="Cancel" confirmButtonText="Delete"
        loading={store.deleting} onCancel={() => store.cancelDelete()} onConfirm={() => void store.confirmDelete()} canEscapeKeyCancel>
        <p>Delete the screensaver “{store.confirmingDelete?.name}”? Routers stop showing it.</p>
      </Alert>
    </div>
  );
});

export default RouterScreensaversPage;
