import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState, type FormEvent } from "react";
import type { Translation } from "@portal/core/domain/Translation";
import { REQUIRED_LANGUAGE } from "@portal/core/rules/translations";
import type { TranslationStore } from "../../stores/TranslationStore";
import { TranslationForm } from "./TranslationForm";

export interface TranslationDialogProps {
  store: TranslationStore;
  /** The translation to edit; absent to add one. */
  editing?: Translation;
  onClose: () => void;
}

/** Add or edit a translation: a key and its languages, en first and required. */
export const TranslationDialog = observer(function TranslationDialog({ store, editing, onClose }: TranslationDialogProps) {
  const [form] = useState(() => new TranslationForm(editing));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.canSubmit) return;
    form.setSubmitting(true);
    const outcome = await store.save(editing?.publicId ?? null, { key: form.key.trim(), languages: form.languages });
    form.setSubmitting(false);
    if (outcome.ok) onClose();
    else form.setServerIssues(outcome.issues);
  };
  const keyError = form.errorOf("key");
  return (
    <Dialog isOpen onClose={onClose} title={editing ? "Edit translation" : "Add translation"} icon="translate" style={{ width: 560 }}>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="translation-dialog">
        <DialogBody>
          <FormGroup label="Key" labelFor="translation-key" intent={keyError ? "danger" : "none"} helperText={keyError ?? "Letters, digits, _ . - ; starts with a letter"}>
            <InputGroup id="translation-key" value={form.key} autoFocus={!editing} intent={keyError ? "danger" : "none"}
              onValueChange={(v) => form.setKey(v)} onBlur={() => form.touch()} />
          </FormGroup>
          <FormGroup label="Languages">
            {form.rows.map((row) => {
              const error = form.rowError(row);
              const required = row.code === REQUIRED_LANGUAGE && row.id === form.rows[0]?.id;
              return (
                <div key={row.id} className="language-row" data-testid="language-row">
                  <InputGroup className="language-code" value={row.code} placeholder="code" disabled={required}
                    aria-label="Language code" intent={error ? "danger" : "none"} onValueChange={(v) => form.setCode(row.id, v)} />
                  <div className="language-text">
                    <InputGroup value={row.text} placeholder={required ? "English text (required)" : "Text"}
                      aria-label={`Text ${row.code || "new language"}`} intent={error ? "danger" : "none"} autoFocus={!!editing && required}
                      onValueChange={(v) => form.setText(row.id, v)} onBlur={() => form.touch()} />
                    {error && <div className="bp6-form-helper-text language-error">{error}</div>}
                  </div>
                  <Button icon="cross" variant="minimal" aria-label={`Remove ${row.code || "language"}`} disabled={required}
                    onClick={() => form.removeLanguage(row.id)} style={{ visibility: required ? "hidden" : "visible" }} />
                </div>
              );
            })}
            <Button icon="plus" variant="minimal" text="Add language" onClick={() => form.addLanguage()} />
          </FormGroup>
        </DialogBody>
        <DialogFooter actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent="primary" text="Save" disabled={!form.canSubmit} loading={form.submitting} data-testid="translation-save" />
          </>
        } />
      </form>
    </Dialog>
  );
});
