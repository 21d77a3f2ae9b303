import { Button, Callout, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { Languages, Translation } from "@portal/core/domain/Translation";
import type { Message } from "@portal/core/messages/messages";
import { KEY_EXISTS, mergeIntoExisting } from "@portal/core/rules/translationForm";
import { REQUIRED_LANGUAGE } from "@portal/core/rules/translations";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { TranslationStore } from "../../stores/TranslationStore";
import { TranslationForm } from "./TranslationForm";

/** How long the key field waits for the typing to stop before the server is asked about the key. */
const KEY_LOOKUP_DEBOUNCE_MS = 250;

export interface TranslationDialogProps {
  store: TranslationStore;
  /** The translation to edit; absent to add one. */
  editing?: Translation;
  /** Start values other than `editing`'s: an add turned into an edit keeps what was typed. */
  languages?: Languages;
  /** Adding a key that exists: edit that translation instead, with these languages. */
  onEditExisting: (existing: Translation, languages: Languages) => void;
  onClose: () => void;
}

/**
 * Add or edit a translation: a key and its languages, en first and required. A language given
 * twice is refused on its row; a new key that is already stored is refused and offered as an edit
 * of the stored one (typed languages it lacks are carried over), so nothing is overwritten silently.
 */
export const TranslationDialog = observer(function TranslationDialog({ store, editing, languages, onEditExisting, onClose }: TranslationDialogProps) {
  const { messages } = useStores();
  const [failure, setFailure] = useState<Message | null>(null);
  const [form] = useState(() => new TranslationForm(editing, store.rows, languages ?? editing?.languages));
  // Adding: ask the server whether the key typed is stored already (the list holds only the pages loaded).
  const typedKey = editing ? "" : form.key.trim();
  useEffect(() => {
    if (typedKey === "") return;
    let current = true;
    const timer = setTimeout(() => void store.findByKey(typedKey).then((found) => {
      if (current && found) form.noteStored(found);
    }), KEY_LOOKUP_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typedKey, store, form]);
  const save = async () => {
    form.setSubmitting(true);
    setFailure(null);
    const outcome = await store.save(editing?.publicId ?? null, { key: form.key.trim(), languages: form.languages });
    form.setSubmitting(false);
    if (outcome.ok) onClose();
    else {
      form.setServerIssues(outcome.issues);
      setFailure(outcome.message ?? null);
    }
  };
  const keyError = form.errorOf("key");
  const existing = form.existingWithKey;
  return (
    <FormDialog title={editing ? "Edit translation" : "Add translation"} icon="translate" testId="translation-dialog"
      saveTestId="translation-save" width={560} dirty={!form.pristine} saving={form.submitting} canSave={form.canSubmit}
      failure={failure} onSave={() => void save()} onClose={onClose}>
      <FormGroup label="Key" labelFor="translation-key" intent={keyError ? "danger" : "none"}
        helperText={keyError ? messages.text(keyError) : "Letters, digits, _ . - ; starts with a letter"}>
        <InputGroup id="translation-key" value={form.key} autoFocus={!editing} intent={keyError || existing ? "danger" : "none"} onValueChange={(v) => form.setKey(v)} onBlur={() => form.touch()} />
      </FormGroup>
      {existing && (
        <Callout intent="warning" compact className="translation-exists" data-testid="translation-exists">
          <p>{messages.text(KEY_EXISTS, { name: existing.key })}</p>
          <Button text={`Edit ${existing.key}`} icon="edit" data-testid="translation-edit-existing"
            onClick={() => onEditExisting(existing, mergeIntoExisting(existing.languages, form.languages))} />
        </Callout>
      )}
      <FormGroup label="Languages">
        {form.rows.map((row) => {
          const error = form.rowError(row);
          const errorText = error === null ? null : messages.text(error, { name: row.code.trim() });
          const required = row.code === REQUIRED_LANGUAGE && row.id === form.rows[0]?.id;
          return (
            <div key={row.id} className="language-row" data-testid="language-row">
              <InputGroup className="language-code" value={row.code} placeholder="code" disabled={required}
                aria-label="Language code" intent={errorText ? "danger" : "none"} onValueChange={(v) => form.setCode(row.id, v)} />
              <div className="language-text">
                <InputGroup value={row.text} placeholder={required ? "English text (required)" : "Text"}
                  aria-label={`Text ${row.code || "new language"}`} intent={errorText ? "danger" : "none"} autoFocus={!!editing && required}
                  onValueChange={(v) => form.setText(row.id, v)} onBlur={() => form.touch()} />
                {errorText && <div className="bp6-form-helper-text language-error" data-testid="language-error">{errorText}</div>}
              </div>
              <Button icon="cross" variant="minimal" aria-label={`Remove ${row.code || "language"}`} disabled={required}
                onClick={() => form.removeLanguage(row.id)} style={{ visibility: required ? "hidden" : "visible" }} />
            </div>
          );
        })}
        <Button icon="plus" variant="minimal" text="Add language" onClick={() => form.addLanguage()} />
      </FormGroup>
    </FormDialog>
  );
});
