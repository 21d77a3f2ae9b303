import { FormGroup, HTMLSelect, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStore } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import { AudienceDialogStore } from "../../stores/AudienceDialogStore";

/**
 * Choose the access category of a member or a device (administrators, manage:roles). A member with
 * a category sees only the devices of that category and those without one; a device with one is
 * seen only by the members of that category (and by those who manage access requests).
 */
export const AudienceDialog = observer(function AudienceDialog() {
  const store = useStore(AudienceDialogStore);
  const target = store.target;
  if (target === null) return null;
  const what = target.kind === "user" ? "sees only the devices of this category and the devices without one"
    : "is seen only by the members of this category and by those who manage access requests";
  return (
    <FormDialog title={`Access category of ${target.name}`} icon="tag" testId="audience-dialog" saveTestId="audience-save"
      dirty={store.dirty} saving={store.saving} canSave={store.canSave} failure={store.failure} width={460}
      onSave={() => void store.save()} onClose={() => store.close()}>
      {store.loading ? <Spinner size={24} /> : (
        <FormGroup label="Access category" labelFor="audience-choice" helperText={`With a category, ${target.kind === "user" ? "the member" : "the device"} ${what}.`}>
          <HTMLSelect id="audience-choice" fill value={store.chosen} onChange={(e) => store.choose(e.currentTarget.value)} data-testid="audience-choice"
            options={[{ value: "", label: "No access category" }, ...store.categories.map((c) => ({ value: c.publicId, label: c.name ?? c.publicId }))]} />
        </FormGroup>
      )}
    </FormDialog>
  );
});
