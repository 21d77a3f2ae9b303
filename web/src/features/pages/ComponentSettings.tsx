/** The config form of the selected component, generated from its kind's fields (core's registry). */
import { Button, ButtonGroup, Checkbox, FormGroup, InputGroup, NumericInput } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { configIssues, kindSpec } from "@portal/core/domain/PageComponent";
import type { PageEditorStore } from "../../stores/PageEditorStore";

export const ComponentSettings = observer(function ComponentSettings({ editor }: { editor: PageEditorStore }) {
  const c = editor.content.components.find((x) => x.id === editor.selected);
  if (!c) return <p className="bp6-text-muted">Select a component to change its settings.</p>;
  const spec = kindSpec(c.kind);
  // Why a value would be refused, shown under its field before the autosave is refused.
  const issues = configIssues(c.kind, c.config);
  return (
    <div data-testid="pc-settings">
      <h3 className="bp6-heading pc-settings-title">{spec?.label ?? c.kind}</h3>
      <FormGroup label={`Position: column ${c.x + 1}, row ${c.y + 1}`}>
        <ButtonGroup>
          <Button icon="arrow-left" aria-label={`Move ${spec?.label ?? c.kind} left`} onClick={() => editor.move(c.id, -1, 0)} data-testid="pc-move-left" />
          <Button icon="arrow-right" aria-label={`Move ${spec?.label ?? c.kind} right`} onClick={() => editor.move(c.id, 1, 0)} data-testid="pc-move-right" />
          <Button icon="arrow-up" aria-label={`Move ${spec?.label ?? c.kind} up`} onClick={() => editor.move(c.id, 0, -1)} data-testid="pc-move-up" />
          <Button icon="arrow-down" aria-label={`Move ${spec?.label ?? c.kind} down`} onClick={() => editor.move(c.id, 0, 1)} data-testid="pc-move-down" />
        </ButtonGroup>
      </FormGroup>
      {spec?.fields.map((f) => {
        const id = `pc-${c.id}-${f.name}`;
        const value = c.config[f.name];
        if (f.type === "boolean") {
          return <Checkbox key={f.name} label={f.label} checked={value === true} onChange={(e) => editor.setConfig(c.id, f.name, e.currentTarget.checked)} />;
        }
        return (
          <FormGroup key={f.name} label={f.label} labelFor={id} intent={issues[f.name] ? "danger" : "none"} helperText={issues[f.name]}>
            {f.type === "number"
              ? <NumericInput id={id} fill value={typeof value === "number" ? value : 0} onValueChange={(n) => Number.isFinite(n) && editor.setConfig(c.id, f.name, n)} />
              : <InputGroup id={id} value={typeof value === "string" ? value : ""} maxLength={f.maxLength ?? (f.name === "unit" ? 16 : 120)} onValueChange={(v) => editor.setConfig(c.id, f.name, v)} />}
          </FormGroup>
        );
      })}
    </div>
  );
});
