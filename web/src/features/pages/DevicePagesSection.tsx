/**
 * The pages a device shows (issue 13; spec 7 "GET page list per agent", page-size 4000): its
 * company's published dashboards and report templates, each a link to the page (the editor for
 * those who manage pages).
 */
import { Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Page } from "@portal/core/domain/Page";
import { useStores } from "../../app/StoreContext";

export const DevicePagesSection = observer(function DevicePagesSection({ agentPublicId }: { agentPublicId: string }) {
  const { pages, session } = useStores();
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
            {canEdit ? <Link to={`/pages/${p.publicId}`}>{p.published?.title}</Link> : <span>{p.published?.title}</span>}
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
