import { Button } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { Outlet, useNavigate, useParams } from "react-router";
import { ScreenHeader } from "./ScreenHeader";
import { useWideLayout } from "./useWideLayout";
import "../features/group-types/typeSidePanel.css";

export interface TypesLayoutProps {
  /** The screen's h1 and title, e.g. "Groups". */
  title: string;
  /** data-testid of the layout. */
  testId: string;
  /** The side panel (list of types). */
  panel: ReactNode;
  /** Where the narrow layout's back button goes, e.g. "/groups". */
  indexPath: string;
  /** The back button's text, e.g. "All group types". */
  backText: string;
}

/**
 * A screen with a side panel of types beside the selected type's page (Groups, Assets). Wide:
 * side by side. Narrow (below 960 px): the panel is the whole page at the index path, and a
 * selected type's page replaces it, with a back button to the panel.
 */
export function TypesLayout({ title, testId, panel, indexPath, backText }: TypesLayoutProps) {
  const wide = useWideLayout();
  const { publicId } = useParams();
  const navigate = useNavigate();
  const selected = publicId !== undefined;
  return (
    <div className={["types-screen", wide ? "is-wide" : "is-narrow", selected ? "has-selection" : ""].join(" ")} data-testid={testId}>
      <ScreenHeader title={title} />
      <div className="types-layout">
        {(wide || !selected) && <aside className="types-side" aria-label={`${title}: types`}>{panel}</aside>}
        {(wide || selected) && (
          <section className="types-main">
            {!wide && <Button icon="arrow-left" variant="minimal" text={backText} className="types-back" data-testid="types-back" onClick={() => navigate(indexPath)} />}
            <Outlet />
          </section>
        )}
      </div>
    </div>
  );
}
