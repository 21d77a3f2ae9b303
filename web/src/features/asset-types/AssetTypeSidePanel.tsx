import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useStore } from "../../app/StoreContext";
import { DeleteTypeAlert } from "../group-types/DeleteTypeAlert";
import { TypeSidePanel } from "../group-types/TypeSidePanel";
import { AssetTypeDialog } from "./AssetTypeDialog";
import { AssetTypeStore } from "../../stores/AssetTypeStore";

type DialogState = { readonly kind: "add" } | { readonly kind: "edit"; readonly publicId: string } | { readonly kind: "delete"; readonly publicId: string } | null;

/** The Assets pages' side panel of asset types: reads AssetTypeStore, opens the dialogs. */
export const AssetTypeSidePanel = observer(function AssetTypeSidePanel() {
  const assetTypes = useStore(AssetTypeStore);
  const navigate = useNavigate();
  const { publicId: openId } = useParams();
  const [dialog, setDialog] = useState<DialogState>(null);
  const deleting = dialog?.kind === "delete" ? assetTypes.byId(dialog.publicId) : undefined;
  return (
    <>
      <TypeSidePanel title="Asset types" noun="asset type" testId="asset-type" editLabel="Rename"
        items={assetTypes.items.map((t) => ({ publicId: t.publicId, label: t.name }))}
        hrefOf={(id) => `/assets/${id}`}
        controls={assetTypes.controls} reordering={assetTypes.reordering} deleting={assetTypes.deleting}
        onAdd={() => setDialog({ kind: "add" })}
        onEdit={(publicId) => setDialog({ kind: "edit", publicId })}
        onDelete={(publicId) => setDialog({ kind: "delete", publicId })}
        onMove={(from, to) => void assetTypes.move(from, to)} />
      {dialog?.kind === "add" && <AssetTypeDialog store={assetTypes} onClose={() => setDialog(null)} />}
      {dialog?.kind === "edit" && <AssetTypeDialog store={assetTypes} editingId={dialog.publicId} onClose={() => setDialog(null)} />}
      {deleting !== undefined && (
        <DeleteTypeAlert what={`asset type ${deleting.name}`} onClose={() => setDialog(null)}
          onConfirm={() => {
            const id = deleting.publicId;
            void assetTypes.remove(id).then((done) => {
              if (done && openId === id) navigate("/assets", { replace: true });
            });
          }} />
      )}
    </>
  );
});
