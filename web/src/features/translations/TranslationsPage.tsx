import { Alert, Button, Callout, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { useVirtualizer } from "@tanstack/react-virtual";
import { observer } from "mobx-react-lite";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import type { Languages, Translation } from "@portal/core/domain/Translation";
import { REQUIRED_LANGUAGE, type TranslationSort } from "@portal/core/rules/translations";
import { parseTranslationFile } from "@portal/adapters/files/translationFile";
import { useStore, useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { ImportReportView } from "./ImportReportView";
import { TranslationDialog } from "./TranslationDialog";
import "./translations.css";
import { TranslationStore } from "../../stores/TranslationStore";

type DialogState = { readonly kind: "add" } | { readonly kind: "edit"; readonly item: Translation; readonly languages?: Languages } | { readonly kind: "delete"; readonly item: Translation } | null;

/** A row's height before it is measured (one line of text); rows with wrapped texts measure taller. */
const ROW_ESTIMATE_PX = 41;
/** Rows from the end at which the next page is asked for. */
const PREFETCH_ROWS = 40;

/**
 * /translations: the list with search, sort, add, edit, delete and the import of a JSON or CSV
 * batch. The server searches, sorts and pages; only the rows in view are in the DOM, so the first
 * rows show as soon as the first page arrives, whatever the number of translations.
 */
export const TranslationsPage = observer(function TranslationsPage() {
  const translations = useStore(TranslationStore);
  const { session } = useStores();
  const [dialog, setDialog] = useState<DialogState>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const company = session.selectedCompanyId;
  useEffect(() => {
    translations.open();
    // The company's message texts (spec 8) from its translations, as Groups does: looked up by key.
    void translations.ensure();
  }, [translations, company]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    await translations.importFile(file.name, parseTranslationFile(await file.text(), file.name));
  };

  const editExisting = (item: Translation, languages: Languages) => setDialog({ kind: "edit", item, languages });
  const rows = translations.rows;
  return (
    <div className="translations-page" data-testid="translations-page">
      <ScreenHeader title="Translations">
        <InputGroup type="search" leftIcon="search" placeholder="Search keys and texts" value={translations.search}
          onValueChange={(v) => translations.setSearch(v)} aria-label="Search translations" className="translations-search" />
        <HTMLSelect aria-label="Sort translations" value={translations.sort} data-testid="translations-sort"
          onChange={(e) => translations.setSort(e.currentTarget.value as TranslationSort)}
          options={[{ value: "key", label: "Sort by key" }, { value: "english", label: "Sort by English text" }]} />
        <Button icon="import" text="Import" loading={translations.importing} onClick={() => fileInput.current?.click()} data-testid="translations-import" />
        <input ref={fileInput} type="file" accept=".json,.csv,application/json,text/csv" hidden data-testid="translations-file"
          onChange={(e) => void onFile(e)} />
        <Button icon="plus" intent="primary" text="Add translation" onClick={() => setDialog({ kind: "add" })} data-testid="translations-add" />
      </ScreenHeader>
      {translations.importReport && <ImportReportView report={translations.importReport} onClose={() => translations.clearImport()} />}
      {translations.loadError && <Callout intent="danger" title="The translations could not be loaded">{translations.loadError}</Callout>}
      {rows.length === 0 && translations.listState !== "ready" ? (
        <Spinner size={32} />
      ) : rows.length === 0 ? (
        <NonIdealState icon={translations.search ? "search" : "translate"}
          title={translations.search ? "No translation matches the search" : "No translations yet"}
          description={translations.search ? undefined : "Add one, or import a JSON or CSV file."} />
      ) : (
        // A new first page (search, sort, import) is a new table: scrolled to its top, sizes measured afresh.
        <TranslationTable key={translations.firstPages} onEdit={(item) => setDialog({ kind: "edit", item })} onDelete={(item) => setDialog({ kind: "delete", item })} />
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

/**
 * The loaded rows as a table, virtualised (@tanstack/react-virtual): the rows in view plus a few
 * are rendered between two spacer rows that keep the scroll height; nearing the end asks the
 * store for the next page.
 */
const TranslationTable = observer(function TranslationTable({ onEdit, onDelete }: { onEdit: (t: Translation) => void; onDelete: (t: Translation) => void }) {
  const store = useStore(TranslationStore);
  const scroller = useRef<HTMLDivElement>(null);
  const rows = store.rows;
  const virtualizer = useVirtualizer({
    count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_ESTIMATE_PX, overscan: 10,
    getItemKey: (i) => rows[i]?.publicId ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (last >= rows.length - PREFETCH_ROWS) void store.loadMore();
  }, [last, rows.length, store]);
  const top = items[0]?.start ?? 0;
  const bottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  const sorted = (sort: TranslationSort) => (store.sort === sort ? "ascending" : undefined);
  return (
    <div className="translations-scroller" ref={scroller} aria-busy={store.loadingMore || store.listState === "pending"}>
      <HTMLTable interactive className="translations-table" data-testid="translations-table" aria-rowcount={store.moreAfter === null ? rows.length + 1 : -1}>
        <thead><tr><th aria-sort={sorted("key")}>Key</th><th aria-sort={sorted("english")}>English</th><th>Other languages</th><th aria-label="Actions" /></tr></thead>
        <tbody>
          {top > 0 && <tr aria-hidden="true" className="translations-spacer"><td colSpan={4} style={{ height: top }} /></tr>}
          {items.map((v) => {
            const t = rows[v.index]!;
            return (
              <tr key={t.publicId} ref={virtualizer.measureElement} data-index={v.index} aria-rowindex={v.index + 2}
                className={v.index % 2 === 1 ? "translations-stripe" : undefined} data-testid="translation-row">
                <td><code>{t.key}</code></td>
                <td>{t.languages[REQUIRED_LANGUAGE]}</td>
                <td className="translations-others">
                  {Object.entries(t.languages).filter(([code]) => code !== REQUIRED_LANGUAGE).sort(([a], [b]) => a.localeCompare(b)).map(([code, text]) => (
                    <Tag key={code} minimal title={text}><strong>{code}</strong> {text}</Tag>
                  ))}
                </td>
                <td className="translations-actions">
                  <Button icon="edit" variant="minimal" size="small" aria-label={`Edit ${t.key}`} onClick={() => onEdit(t)} />
                  <Button icon="trash" variant="minimal" size="small" intent="danger" aria-label={`Delete ${t.key}`} onClick={() => onDelete(t)} />
                </td>
              </tr>
            );
          })}
          {bottom > 0 && <tr aria-hidden="true" className="translations-spacer"><td colSpan={4} style={{ height: bottom }} /></tr>}
        </tbody>
      </HTMLTable>
      {store.loadingMore && <Spinner size={20} className="translations-more" aria-label="Loading more translations" />}
    </div>
  );
});

export default TranslationsPage;
