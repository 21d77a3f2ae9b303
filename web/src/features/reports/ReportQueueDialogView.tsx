import { FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { TargetChoice } from "./ReportTargetChoice";
import { observer } from "mobx-react-lite";
import type { ReportVersionKind } from "@portal/core/domain/Report";
import { useStore, useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import { PagesStore, shownVersion } from "../../stores/PagesStore";
import type { ReportQueueDialog } from "../../stores/ReportQueueDialog";

/** Every IANA zone the browser knows (the ones the server takes), the chosen one first if it is unusual. */
const zones = (current: string): string[] => {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];
  return all.includes(current) ? all : [current, ...all];
};

/**
 * Queue a report: page, version, device or asset (optional, searchable), start and end as wall-clock times in the
 * chosen time zone. Asks before discarding changes (FormDialog); a refused field says why.
 */
export const ReportQueueDialogView = observer(function ReportQueueDialogView({ dialog, onSave, onClose }: { dialog: ReportQueueDialog; onSave: () => void; onClose: () => void }) {
  const { messages } = useStores();
  const pages = useStore(PagesStore);
  const f = dialog.form;
  const issue = (field: string) => dialog.fieldIssues[field];
  const helper = (field: string, text?: string) => (issue(field) ? messages.text(issue(field)!) : text);
  const intent = (field: string) => (issue(field) ? "danger" : "none");
  const choices = pages.pages.filter((p) => p.published || p.draft);
  return (
    <FormDialog title="Queue report" icon="document" testId="report-form" saveTestId="report-queue-save" saveText="Queue report"
      dirty={dialog.dirty} saving={dialog.saving} canSave={dialog.canSave} failure={dialog.failure} onSave={onSave} onClose={onClose}>
      <div className="report-form">
        <FormGroup label="Page" labelFor="report-page" intent={intent("report")} helperText={helper("report")}>
          <HTMLSelect id="report-page" value={f.page} fill onChange={(e) => dialog.set("page", e.currentTarget.value)} data-testid="report-page"
            options={[{ value: "", label: "Choose a page…" }, ...choices.map((p) => ({ value: p.publicId, label: shownVersion(p)?.title ?? p.publicId }))]} />
        </FormGroup>
        <div className="report-form-row">
          <FormGroup label="Version" labelFor="report-version" intent={intent("version")} helperText={helper("version")}>
            <HTMLSelect id="report-version" value={f.version} fill onChange={(e) => dialog.set("version", e.currentTarget.value as ReportVersionKind)} data-testid="report-version"
              options={[{ value: "published", label: "Published" }, { value: "draft", label: "Draft" }]} />
          </FormGroup>
        </div>
        <TargetChoice dialog={dialog} issue={issue("agent") ?? issue("asset")} />
        <div className="report-form-row">
          <FormGroup label="Start" labelFor="report-start" intent={intent("start")} helperText={helper("start")}>
            <InputGroup id="report-start" type="datetime-local" value={f.start} onValueChange={(v) => dialog.set("start", v)} data-testid="report-start" />
          </FormGroup>
          <FormGroup label="End" labelFor="report-end" intent={intent("end")} helperText={helper("end")}>
            <InputGroup id="report-end" type="datetime-local" value={f.end} onValueChange={(v) => dialog.set("end", v)} data-testid="report-end" />
          </FormGroup>
        </div>
        <FormGroup label="Time zone" labelFor="report-zone" intent={intent("timeZone")} helperText={helper("timeZone", "The start, the end and every time on the report are in this zone.")}>
          <HTMLSelect id="report-zone" value={f.timeZone} fill onChange={(e) => dialog.set("timeZone", e.currentTarget.value)} data-testid="report-zone"
            options={zones(f.timeZone)} />
        </FormGroup>
      </div>
    </FormDialog>
  );
});
