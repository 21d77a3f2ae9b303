import { Alert, Button, ButtonGroup, Callout, HTMLSelect, Menu, MenuItem, NonIdealState, Popover, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from "react-grid-layout";
import "react-grid-layout/css/styles.css";
import { Link, useParams } from "react-router";
import { COMPONENT_KINDS, GRID_COLUMNS, type PageComponent } from "@portal/core/domain/PageComponent";
import { componentsOn } from "@portal/core/rules/pageLayout";
import { useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { useWideLayout } from "../../shell/useWideLayout";
import { PageEditorStore } from "../../stores/PageEditorStore";
import { ComponentFrame } from "./ComponentFrame";
import { ComponentSettings } from "./ComponentSettings";
import { SubPageTabs, tabPanelProps } from "./SubPageTabs";
import type { ComponentContext } from "./ComponentView";
import { AccessRequestDialogLazy } from "../devices/AccessRequestDialogLazy";
import "./pages.css";
import { Hint } from "../../shell/controls/Hint";

const SAVE_TEXT = { saved: "All changes saved", pending: "Unsaved changes…", saving: "Saving…", failed: "Not saved" } as const;

const Grid = observer(function Grid({ editor, components, ctx }: { editor: PageEditorStore; components: PageComponent[]; ctx: ComponentContext }) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout: Layout = components.map((c) => ({ i: c.id, x: c.x, y: c.y, w: c.w, h: c.h }));
  return (
    <div ref={containerRef} className="pe-grid" data-testid="pe-grid">
      {mounted && (
        <ReactGridLayout width={width} layout={layout} gridConfig={{ cols: GRID_COLUMNS, rowHeight: 56, margin: [8, 8] }}
          dragConfig={{ enabled: true, handle: ".pc-handle" }} resizeConfig={{ enabled: true }} compactor={verticalCompactor}
          onLayoutChange={(next) => editor.layout(next)}>
          {components.map((c) => <div key={c.id}><ComponentFrame editor={editor} component={c} ctx={ctx} /></div>)}
        </ReactGridLayout>
      )}
    </div>
  );
});

/** Narrow screens: the components stacked in reading order, each still movable with its buttons or the arrow keys. */
const Stack = observer(function Stack({ editor, components, ctx }: { editor: PageEditorStore; components: PageComponent[]; ctx: ComponentContext }) {
  const ordered = [...components].sort((a, b) => a.y - b.y || a.x - b.x);
  return <div className="pe-stack" data-testid="pe-grid">{ordered.map((c) => <div key={c.id} style={{ minHeight: c.h * 56 }}><ComponentFrame editor={editor} component={c} ctx={ctx} /></div>)}</div>;
});

/**
 * /pages/{publicId} (manage:pages): the editor of a page's draft. Components from the registry on
 * a 12-column grid (react-grid-layout: drag by the title, resize by the corner; arrow keys or the
 * move buttons on a focused component), sub-pages as tabs, a preview device, undo / redo, an
 * autosave to the draft and, while the draft differs from what is published, "Unpublished
 * changes" with Publish and Discard.
 */
export const PageEditorPage = observer(function PageEditorPage() {
  const root = useStores();
  const { publicId = "" } = useParams();
  const [editor] = useState(() => new PageEditorStore(root, publicId));
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const wide = useWideLayout();
  useEffect(() => {
    void editor.load();
    return () => editor.dispose();
  }, [editor]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "z") return;
      const field = (e.target as HTMLElement | null)?.closest("input, textarea, select");
      if (field) return;
      e.preventDefault();
      if (e.shiftKey) editor.redo();
      else editor.undo();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [editor]);
  const draft = editor.draft;
  if (editor.state === "failed") return <NonIdealState icon="error" title="This page could not be opened" action={<Link to="/pages">Back to the pages</Link>} />;
  if (!draft || !editor.page) return <Spinner size={32} />;
  const ctx: ComponentContext = { agent: editor.previewAgentView, pageTitle: draft.title, periodSpec: draft.periodSpec, pagePublicId: editor.publicId, version: "draft" };
  const components = componentsOn(editor.content.components, editor.subPage);
  return (
    <div className="pe-page" data-testid="page-editor">
      <ScreenHeader title={draft.title}>
        <span className="pe-status" data-testid="pe-save-state" role="status">{SAVE_TEXT[editor.saveState]}</span>
        {editor.unpublished
          ? <Tag intent="warning" round data-testid="pe-unpublished">Unpublished changes</Tag>
          : <Tag intent="success" minimal round data-testid="pe-published">Published</Tag>}
        <ButtonGroup>
          <Hint content="Undo (Ctrl+Z)"><Button icon="undo" aria-label="Undo" disabled={editor.history.past.length === 0} onClick={() => editor.undo()} data-testid="pe-undo" /></Hint>
          <Hint content="Redo (Ctrl+Shift+Z)"><Button icon="redo" aria-label="Redo" disabled={editor.history.future.length === 0} onClick={() => editor.redo()} data-testid="pe-redo" /></Hint>
        </ButtonGroup>
        <Button icon="trash" text="Discard" disabled={!editor.unpublished || editor.page.published === null || editor.busy} onClick={() => setConfirmDiscard(true)} data-testid="pe-discard" />
        <Button icon="upload" intent="primary" text="Publish" disabled={!editor.unpublished} loading={editor.busy} onClick={() => void editor.publish()} data-testid="pe-publish" />
      </ScreenHeader>
      <div className="pe-toolbar">
        <Link to="/pages" className="pe-back">← All pages</Link>
        <Popover placement="bottom-start" content={
          <Menu aria-label="Component kinds">
            {COMPONENT_KINDS.map((k) => <MenuItem key={k.kind} icon={k.icon as never} text={k.label} onClick={() => editor.add(k.kind)} data-testid={`pe-add-${k.kind}`} />)}
          </Menu>
        }>
          <Button icon="add" text="Add component" data-testid="pe-add" />
        </Popover>
        <label className="pe-preview">
          <span>Preview device</span>
          <HTMLSelect value={editor.content.previewAgent?.publicId ?? ""} onChange={(e) => editor.setPreviewAgent(e.currentTarget.value || null)} data-testid="pe-preview"
            options={[{ value: "", label: "None" }, ...editor.agents.map((a) => ({ value: a.publicId, label: a.name }))]} />
        </label>
      </div>
      <SubPageTabs prefix="pe-subpages" label="Sub-pages" pages={editor.content.pagePages} selected={editor.subPage} onSelect={(id) => editor.showSubPage(id)}>
        <Button size="small" variant="minimal" icon="plus" text="Sub-page" onClick={() => editor.addSubPage("")} data-testid="pe-add-subpage" />
      </SubPageTabs>
      {editor.saveState === "failed" && <Callout intent="warning" compact className="pe-callout">Your latest changes are not saved yet. They stay here; the editor tries again with your next change.</Callout>}
      <div className="pe-main" {...tabPanelProps("pe-subpages", editor.subPage)}>
        <div className="pe-canvas">
          {components.length === 0
            ? <NonIdealState icon="widget" title="No components on this page yet" description="Use “Add component” to place a live value, a gauge, a line graph, device info or a report header and footer." />
            : wide ? <Grid editor={editor} components={components} ctx={ctx} /> : <Stack editor={editor} components={components} ctx={ctx} />}
        </div>
        <aside className="pe-side" aria-label="Component settings"><ComponentSettings editor={editor} /></aside>
      </div>
      <Alert isOpen={confirmDiscard} intent="danger" icon="trash" cancelButtonText="Keep editing" confirmButtonText="Discard" canEscapeKeyCancel
        onCancel={() => setConfirmDiscard(false)} onConfirm={() => { setConfirmDiscard(false); void editor.discard(); }}>
        <p>Discard the unpublished changes? The page goes back to its published version.</p>
      </Alert>
      {/* The web access and VPN connect components open it when access must be requested first. */}
      <AccessRequestDialogLazy />
    </div>
  );
});

export default PageEditorPage;
