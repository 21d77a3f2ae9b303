import { Alert, Button, FileInput, HTMLTable, Menu, MenuItem, NonIdealState, Popover, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import type { Page } from "@portal/core/domain/Page";
import { hasUnpublishedChanges } from "@portal/core/rules/pageLayout";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { shownVersion } from "../../stores/PagesStore";
import { PageDialogView } from "./PageDialogView";
import "./pages.css";
import { PagesStore } from "../../stores/PagesStore";

const StateTag = ({ page }: { page: Page }) => {
  if (!page.published) return <Tag minimal intent="warning" round>Draft only</Tag>;
  return hasUnpublishedChanges(page.draft, page.published) ? <Tag minimal intent="primary" round>Unpublished changes</Tag> : <Tag minimal intent="success" round>Published</Tag>;
};

const RowActions = observer(function RowActions({ page }: { page: Page }) {
  const store = useStore(PagesStore);
  const navigate = useNavigate();
  const title = shownVersion(page)?.title ?? "";
  return (
    <Popover placement="bottom-end" content={
      <Menu aria-label={`Actions for ${title}`}>
        <MenuItem icon="edit" text="Rename, icon and period" onClick={() => store.openEdit(page)} data-testid="page-rename" />
        <MenuItem icon="duplicate" text="Duplicate" onClick={() => void store.duplicate(page)} data-testid="page-duplicate" />
        <MenuItem icon="star" text="Set as default" disabled={page.isDefault === true} onClick={() => void store.setDefault(page)} data-testid="page-default" />
        <MenuItem icon="export" text="Export to a file" onClick={() => void store.exportPage(page)} data-testid="page-export" />
        <MenuItem icon="document" text="Queue report" onClick={() => navigate(`/pages/reports?page=${page.publicId}`)} data-testid="page-queue-report" />
        <MenuItem icon="trash" intent="danger" text="Delete" onClick={() => store.askDelete(page)} data-testid="page-delete" />
      </Menu>
    }>
      <Button size="small" variant="minimal" icon="more" aria-label={`More actions for ${title}`} data-testid="page-actions" />
    </Popover>
  );
});

/**
 * /pages (manage:pages): the company's dashboards and report templates with their state
 * (draft only, unpublished changes, published), create, open in the editor, rename / icon /
 * period, duplicate, set default, export and import, delete.
 */
export const PagesPage = observer(function PagesPage() {
  const store = useStore(PagesStore);
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    const id = await store.importText(await file.text());
    if (fileInput.current) fileInput.current.value = "";
    if (id) navigate(`/pages/${id}`);
  };
  const save = async () => {
    const creating = store.dialog?.page === null;
    const id = await store.saveDialog();
    if (creating && id) navigate(`/pages/${id}`);
  };
  return (
    <div className="pages-page" data-testid="pages-page">
      <ScreenHeader title="Pages">
        <FileInput text="Import a page file…" buttonText="Browse" className="pages-import"
          inputProps={{ accept: ".json,application/json", "aria-label": "Import a page file", ref: fileInput, ...{ "data-testid": "page-import" } }}
          onInputChange={(e) => void importFile(e.currentTarget.files?.[0])} />
        <Link to="/pages/reports" className="bp6-button" data-testid="pages-reports">Reports</Link>
        <Button icon="plus" intent="primary" text="New page" onClick={() => store.openAdd()} data-testid="page-add" />
      </ScreenHeader>
      <p className="bp6-text-muted">Dashboards show a device's data live; report templates lay out a report for a period. Open a page to edit its draft, then publish it.</p>
      {store.state === "pending" && store.pages.length === 0 ? <Spinner size={32} /> : store.pages.length === 0 ? (
        <NonIdealState icon="page-layout" title="No pages yet" description="Create a dashboard or a report template, or import a page file." />
      ) : (
        <div className="pages-scroll">
          <HTMLTable compact striped className="pages-table" data-testid="pages-table">
            <thead><tr><th scope="col">Title</th><th scope="col">Kind</th><th scope="col">Period</th><th scope="col">State</th><th scope="col"><span className="bp6-text-muted">Actions</span></th></tr></thead>
            <tbody>
              {store.pages.map((p) => {
                const v = shownVersion(p);
                return (
                  <tr key={p.publicId} data-testid="page-row">
                    <td>
                      <Link to={`/pages/${p.publicId}`} className="pages-title" data-testid="page-open">{v?.title ?? "Untitled"}</Link>
                      {p.isDefault && <Tag minimal round icon="star" className="pages-default">Default</Tag>}
                      {v?.custom.glbMatIcon && <span className="bp6-text-muted pages-icon"> · {v.custom.glbMatIcon.replace(/_/g, " ")}</span>}
                    </td>
                    <td>{p.kind === "report" ? "Report template" : "Dashboard"}</td>
                    <td>{v?.periodSpec}</td>
                    <td><StateTag page={p} /></td>
                    <td><div className="pages-actions"><RowActions page={p} /></div></td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {store.dialog && <PageDialogView dialog={store.dialog} onSave={() => void save()} onClose={() => store.closeDialog()} />}
      <Alert isOpen={store.confirmingDelete !== null} intent="danger" icon="trash" cancelButtonText="Cancel" confirmButtonText="Delete"
        loading={store.busy} onCancel={() => store.cancelDelete()} onConfirm={() => void store.confirmDelete()} canEscapeKeyCancel>
        <p>Delete the page “{store.confirmingDelete ? shownVersion(store.confirmingDelete)?.title : ""}” with its draft and published version?</p>
      </Alert>
    </div>
  );
});

export default PagesPage;
