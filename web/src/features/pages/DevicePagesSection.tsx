/**
 * The pages a device shows (issue 13; spec 7 "GET page list per agent", page-size 4000): its
 * company's published dashboards and report templates, each a link to the page shown for this
 * device (DashboardPage), and to the editor for those who manage pages.
 */
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Page } from "@portal/core/domain/Page";
import { useStore, useStores } from "../../app/StoreContext";
import { PagesStore } from "../../stores/PagesStore";

export const DevicePagesSection = observer(function DevicePagesSection({ agentPublicId }: { agentPublicId: string }) {
  const { session } = useStores();
  const pages = useStore(PagesStore);
  const [list, setList] = useState<ReadonlyArray<Page> | null>(null);
  useEffect(() => {
    let live = true;
    void pages.pagesFor("agent", agentPublicId).then((found) => live && setList(found ?? []));
    return () => { live = false; };
  }, [pages, agentPublicId]);
  if (list === null || list.length === 0) return null;
  const canEdit = session.rights.includes("manage:pages");
  return (
    <section data-testid="device-pages" aria-labelledby="device-pages-title">
      <h2 id="device-pages-title">Dashboards and reports</h2>
      <ul>
        {list.map((p) => (
          <li key={p.publicId}>
            <Link to={`/devices/${agentPublicId}/pages/${p.publicId}`}>{p.published?.title}</Link>
            {canEdit && <>{" "}<Link to={`/pages/${p.publicId}`} aria-label={`Edit ${p.published?.title ?? "page"}`}>Edit</Link></>}
            {" "}<Tag minimal round>{p.kind === "report" ? "Report template" : "Dashboard"}</Tag>
            {/* Queue the published report for this device (issue 13; spec 7 "queue published report under agent context"). */}
            {canEdit && p.kind === "report" && (
              <>{" "}<Link to={`/pages/reports?page=${p.publicId}&agent=${agentPublicId}`} data-testid="device-queue-report">Queue report</Link></>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
});
