import { FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { PageKind } from "@portal/core/domain/Page";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import { PAGE_ICONS, type PageDialog } from "../../stores/PageDialog";

/** Create or edit a page: title, kind (create only), icon and period. Asks before discarding changes. */
export const PageDialogView = observer(function PageDialogView({ dialog, onSave, onClose }: { dialog: PageDialog; onSave: () => void; onClose: () => void }) {
  const { messages } = useStores();
  const f = dialog.form;
  return (
    <FormDialog title={dialog.page ? "Edit page" : "New page"} icon="page-layout" testId="page-form" saveTestId="page-save"
      dirty={dialog.dirty} saving={dialog.saving} canSave={dialog.canSave} failure={dialog.failure} onSave={onSave} onClose={onClose}>
      <FormGroup label="Title" labelFor="page-title" intent={dialog.fieldIssue ? "danger" : "none"}
        helperText={dialog.fieldIssue ? messages.text(dialog.fieldIssue) : undefined}>
        <InputGroup id="page-title" value={f.title} onValueChange={(v) => dialog.set("title", v)} autoFocus data-testid="page-title" />
      </FormGroup>
      {dialog.page === null && (
        <FormGroup label="Kind" labelFor="page-kind">
          <HTMLSelect id="page-kind" value={f.kind} onChange={(e) => dialog.set("kind", e.currentTarget.value as PageKind)} fill data-testid="page-kind"
            options={[{ value: "dashboard", label: "Dashboard" }, { value: "report", label: "Report template" }]} />
        </FormGroup>
      )}
      <FormGroup label="Icon" labelFor="page-icon">
        <HTMLSelect id="page-icon" value={f.icon} onChange={(e) => dialog.set("icon", e.currentTarget.value)} fill data-testid="page-icon"
          options={[{ value: "", label: "None" }, ...PAGE_ICONS.map((i) => ({ value: i, label: i.replace(/_/g, " ") }))]} />
      </FormGroup>
      <FormGroup label="Period" labelFor="page-period" helperText="The time span the page shows, for example today, yesterday or last-7-days.">
        <InputGroup id="page-period" value={f.periodSpec} onValueChange={(v) => dialog.set("periodSpec", v)} data-testid="page-period" />
      </FormGroup>
    </FormDialog>
  );
});
