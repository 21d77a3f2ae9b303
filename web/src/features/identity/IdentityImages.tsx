import { Button, FormGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useRef } from "react";
import { IDENTITY_IMAGES, type IdentityImage } from "@portal/core/domain/Identity";
import { useStore, useStores } from "../../app/StoreContext";
import { IdentityStore } from "../../stores/IdentityStore";

const LABEL: Record<IdentityImage, { label: string; help: string }> = {
  logo: { label: "Logo", help: "Shown in the top bar and on the sign-in page; fitted into 480 × 120 pixels." },
  appleTouchIcon: { label: "Apple touch icon", help: "The icon of the portal on a phone's home screen; 180 × 180 pixels." },
  favicon: { label: "Favicon", help: "The icon in the browser tab; 64 × 64 pixels." },
};

/** The file as base64, read in the browser; the server judges what it really is. */
const readBase64 = (file: File): Promise<string> => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*;base64,/, ""));
  reader.onerror = () => reject(reader.error);
  reader.readAsDataURL(file);
});

/** One image: its preview, "Choose file" (any file: the server checks its content) and "Remove". */
const ImageField = observer(function ImageField({ kind }: { kind: IdentityImage }) {
  const { messages } = useStores();
  const store = useStore(IdentityStore);
  const input = useRef<HTMLInputElement>(null);
  const url = store.imageUrl(kind);
  const issue = store.issues[kind];
  const pending = store.images[kind];
  return (
    <FormGroup label={LABEL[kind].label} labelFor={`identity-${kind}`} intent={issue ? "danger" : "none"}
      helperText={issue ? messages.text(issue) : `${LABEL[kind].help} PNG, JPEG, GIF or WebP, at most 1 MB.`}>
      <div className="identity-image">
        <div className={`identity-preview identity-preview-${kind}`}>
          {url ? <img src={url} alt={`${LABEL[kind].label} preview`} data-testid={`identity-${kind}-preview`} /> : <span className="bp6-text-muted">None</span>}
        </div>
        <input ref={input} id={`identity-${kind}`} data-testid={`identity-${kind}-file`} type="file" className="identity-file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (file) store.chooseImage(kind, await readBase64(file), file.type, file.name);
          }} />
        <Button icon="upload" text="Choose file" onClick={() => input.current?.click()} aria-label={`Choose file: ${LABEL[kind].label}`} />
        {url && <Button icon="trash" variant="minimal" text="Remove" onClick={() => store.removeImage(kind)} aria-label={`Remove ${LABEL[kind].label.toLowerCase()}`} />}
        {pending && <span className="bp6-text-muted identity-file-name">{pending.fileName}</span>}
      </div>
    </FormGroup>
  );
});

/** The three images of the identity. */
export const IdentityImages = () => (
  <>{IDENTITY_IMAGES.map((kind) => <ImageField key={kind} kind={kind} />)}</>
);
