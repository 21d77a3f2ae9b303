/**
 * /devices/:publicId/pages/:pagePublicId: a published dashboard (or report template) of the
 * company shown for one device, read-only: its components on the 12-column grid at 960 px and
 * wider, stacked in reading order below, each rendered by ComponentView with this device and the
 * published version as context (so a mail form sends through the published page).
 */
import { Button, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import type { Page } from "@portal/core/domain/Page";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { componentsOn } from "@portal/core/rules/pageLayout";
import { useStore, useStores } from "../../app/StoreContext";
import { DevicesStore } from "../../stores/DevicesStore";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { useWideLayout } from "../../shell/useWideLayout";
import { AccessRequestDialogLazy } from "../devices/AccessRequestDialogLazy";
import { ComponentView, type ComponentContext } from "./ComponentView";
import { SubPageTabs, tabPanelProps } from "./SubPageTabs";
import "./pages.css";
import "./components/deviceComponents.css";

const ROW_PX = 56;

export const DashboardPage = observer(function DashboardPage() {
  const { publicId = "", pagePublicId = "" } = useParams();
  const root = useStores();
  const devices = useStore(DevicesStore);
  const wide = useWideLayout();
  const [page, setPage] = useState<Page | null | "failed">(null);
  const [subPage, setSubPage] = useState<string | null>(null);
  useEffect(() => void devices.openDevice(publicId), [devices, publicId]);
  useEffect(() => {
    let live = true;
    setPage(null);
    void root.run(root.ports.api.pages.get(pagePublicId)).then((r) => live && setPage(r._tag === "Success" ? r.success : "failed"));
    return () => { live = false; };
  }, [root, pagePublicId]);
  const device = devices.device?.publicId === publicId ? devices.device : null;
  const published = page !== null && page !== "failed" ? page.published : null;
  if (page === "failed" || (page !== null && published === null)) {
    return <NonIdealState icon="error" title="This dashboard could not be opened" action={<Link to={`/devices/${publicId}`}>Back to the device</Link>} />;
  }
  if (published === null || device === null) return <Spinner size={32} />;
  const ctx: ComponentContext = { agent: device, pageTitle: published.title, periodSpec: published.periodSpec, pagePublicId, version: "published" };
  const components = componentsOn(published.components as PageComponent[], subPage);
  const pagePages = published.pagePages as ReadonlyArray<{ id: string; title: string }>;
  const canEdit = root.session.rights.includes("manage:pages");
  return (
    <div className="dashboard-page" data-testid="dashboard-page">
      <p><Link to={`/devices/${publicId}`}>← {device.name}</Link></p>
      <ScreenHeader title={published.title}>
        {canEdit && <Link to={`/pages/${pagePublicId}`}><Button icon="edit" text="Edit page" tabIndex={-1} /></Link>}
      </ScreenHeader>
      {pagePages.length > 0 && (
        <SubPageTabs prefix="dashboard-subpages" label="Sub-pages" pages={pagePages} selected={subPage} onSelect={setSubPage} />
      )}
      <div {...(pagePages.length > 0 ? tabPanelProps("dashboard-subpages", subPage) : {})}>
        {components.length === 0 ? <NonIdealState icon="widget" title="This page has no components" /> : (
          <div className={wide ? "dashboard-grid" : "pe-stack"} data-testid="dashboard-grid">
            {(wide ? components : [...components].sort((a, b) => a.y - b.y || a.x - b.x)).map((c) => (
              <div key={c.id} className="pc-frame" data-kind={c.kind} data-testid="dashboard-component"
                style={wide ? { gridColumn: `${c.x + 1} / span ${c.w}`, gridRow: `${c.y + 1} / span ${c.h}` } : { minHeight: c.h * ROW_PX }}>
                <div className="pc-body"><ComponentView component={c} ctx={ctx} /></div>
              </div>
            ))}
          </div>
        )}
      </div>
      <AccessRequestDialogLazy />
    </div>
  );
});

export default DashboardPage;
