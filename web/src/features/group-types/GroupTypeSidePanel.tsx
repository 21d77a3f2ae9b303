import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useStore } from "../../app/StoreContext";
import { DeleteTypeAlert } from "./DeleteTypeAlert";
import { GroupTypeDialog } from "./GroupTypeDialog";
import { TypeSidePanel } from "./TypeSidePanel";
import { GroupTypeStore } from "../../stores/GroupTypeStore";
import { TranslationStore } from "../../stores/TranslationStore";

type DialogState = { readonly kind: "add" } | { readonly kind: "edit"; readonly publicId: string } | { readonly kind: "delete"; readonly publicId: string } | null;

/** The Groups pages' side panel of group types: reads GroupTypeStore, opens the dialogs. */
export const GroupTypeSidePanel = observer(function GroupTypeSidePanel() {
  const groupTypes = useStore(GroupTypeStore);
  const translations = useStore(TranslationStore);
  const navigate = useNavigate();
  const { publicId: openId } = useParams();
  const [dialog, setDialog] = useState<DialogState>(null);
  // The type names bound to a translation key are looked up by key; a new name is asked once.
  const names = groupTypes.items.map((t) => t.name).join("\n");
  useEffect(() => {
    void translations.ensure();
  }, [translations, names]);
  const deleting = dialog?.kind === "delete" ? groupTypes.byId(dialog.publicId) : undefined;
  return (
    <>
      <TypeSidePanel title="Group types" noun="group type" testId="group-type"
        items={groupTypes.items.map((t) => ({ publicId: t.publicId, label: groupTypes.displayName(t), color: groupTypes.colorOf(t.publicId) }))}
        hrefOf={(id) => `/groups/${id}`}
        controls={groupTypes.controls} reordering={groupTypes.reordering} deleting={groupTypes.deleting}
        onAdd={() => setDialog({ kind: "add" })}
        onEdit={(publicId) => setDialog({ kind: "edit", publicId })}
        onDelete={(publicId) => setDialog({ kind: "delete", publicId })}
        onMove={(from, to) => void groupTypes.move(from, to)} />
      {dialog?.kind === "add" && <GroupTypeDialog store={groupTypes} onClose={() => setDialog(null)} />}
      {dialog?.kind === "edit" && <GroupTypeDialog store={groupTypes} editingId={dialog.publicId} onClose={() => setDialog(null)} />}
      {deleting !== undefined && (
        <DeleteTypeAlert what={`group type ${groupTypes.displayName(deleting)}`} onClose={() => setDialog(null)}
          onConfirm={() => {
            const id = deleting.publicId;
            void groupTypes.remove(id).then((done) => {
              if (done && openId === id) navigate("/groups", { replace: true });
            });
          }} />
      )}
    </>
  );
});
