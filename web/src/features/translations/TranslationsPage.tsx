import { Alert, Button, Callout, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import type { Languages, Translation } from "@portal/core/domain/Translation";
import { REQUIRED_LANGUAGE } from "@portal/core/rules/translations";
import { parseTranslationFile } from "@portal/adapters/files/translationFile";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { ImportReportView } from "./ImportReportView";
import { TranslationDialog } from "./TranslationDialog";
import "./translations.css";
import { TranslationStore } from "../../stores/TranslationStore";

type DialogState = { readonly kind: "add" } | { readonly kind: "edit"; readonly item: Translation; readonly languages?: Languages } | { readonly kind: "delete"; readonly item: Translation } | null;

/** /translations: the list with search, add, edit, delete and the import of a JSON or CSV batch. */
export const TranslationsPage = observer(function TranslationsPage() {
  const translations = useStore(TranslationStore);
  const [dialog, setDialog] = useState<DialogState>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void translations.ensure();
  }, [translations]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    await translations.importFile(file.name, parseTranslationFile(await file.text(), file.name));
  };

  const editExisting = (item: Translation, languages: Languages) => setDialog({ kind: "edit", item, languages });
  const rows = translations.visible;
  return (
    <div className="translations-page" data-testid="translations-page">
      <ScreenHeader title="Translations">
        <InputGroup type="search" leftIcon="search" placeholder="Search keys and texts" value={translations.search}
          onValueChange={(v) => translations.setSearch(v)} aria-label="Search translations" className="translations-search" />
        <Button icon="import" text="Import" loading={translations.importing} onClick={() => fileInput.current?.click()} data-testid="translations-import" />
        <input ref={fileInput} type="file" accept=".json,.csv,application/json,text/csv" hidden data-testid="translations-file"
          onChange={(e) => void onFile(e)} />
        <Button icon="plus" intent="primary" text="Add translation" onClick={() => setDialog({ kind: "add" })} data-testid="translations-add" />
      </ScreenHeader>
      {translations.importReport && <ImportReportView report={translations.importReport} onClose={() => translations.clearImport()} />}
      {translations.loadError && <Callout intent="danger" title="The translations could not be loaded">{translations.loadError}</Callout>}
      {translations.state !== "ready" ? (
        <Spinner size={32} />
      ) : rows.length === 0 ? (
        <NonIdealState icon={translations.search ? "search" : "translate"}
          title={translations.search ? "No translation matches the search" : "No translations yet"}
          description={translations.search ? undefined : "Add one, or import a JSON or CSV file."} />
      ) : (
        <HTMLTable striped interactive className="translations-table" data-testid="translations-table">
          <thead><tr><th>Key</th><th>English</th><th>Other languages</th><th aria-label="Actions" /></tr></thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.publicId} data-testid="translation-row">
                <td><code>{t.key}</code></td>
                <td>{t.languages[REQUIRED_LANGUAGE]}</td>
                <td className="translations-others">
                  {Object.entries(t.languages).filter(([code]) => code !== REQUIRED_LANGUAGE).sort(([a], [b]) => a.localeCompare(b)).map(([code, text]) => (
                    <Tag key={code} minimal title={text}><strong>{code}</strong> {text}</Tag>
                  ))}
                </td>
                <td className="translations-actions">
                  <Button icon="edit" variant="minimal" size="small" aria-label={`Edit ${t.key}`} onClick={() => setDialog({ kind: "edit", item: t })} />
                  <Button icon="trash" variant="minimal" size="small" intent="danger" aria-label={`Delete ${t.key}`} onClick={() => setDialog({ kind: "delete", item: t })} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {dialog?.kind === "add" && <TranslationDialog store={translations} onClose={() => setDialog(null)} onEditExisting={editExisting} />}
      {dialog?.kind === "edit" && (
        <TranslationDialog key={dialog.item.publicId} store={translations} editing={dialog.item} {...(dialog.languages ? { languages: dialog.languages } : {})}
          onClose={() => setDialog(null)} onEditExisting={editExisting} />
      )}
      {dialog?.kind === "delete" && (
        <Alert isOpen icon="trash" intent="danger" cancelButtonText="Cancel" confirmButtonText="Delete" canEscapeKeyCancel canOutsideClickCancel
          onConfirm={() => void translations.remove([dialog.item.publicId])} onClose={() => setDialog(null)}>
          <p>Delete the translation <code>{dialog.item.key}</code>?</p>
        </Alert>
      )}
    </div>
  );
});

export default TranslationsPage;
