/**
 * The sub-page tabs of a page (its main page and `pagePages`), in the editor and on a dashboard:
 * the WAI-ARIA tabs pattern. A named tablist holds only the tabs; each tab names the panel it
 * controls (the caller renders it with tabPanelProps, so aria-controls always points at an element
 * on the page); one tab is in the Tab order (the selected one), the arrow keys, Home and End move
 * between the tabs and select the one they reach.
 */
import type { KeyboardEvent, ReactNode } from "react";

export interface SubPage {
  readonly id: string;
  readonly title: string;
}

const MAIN = "__main";

/** The DOM id of the tab of sub-page `id` (null: the main page). */
export const subPageTabId = (prefix: string, id: string | null): string => `${prefix}-tab-${id ?? MAIN}`;

/** The props of the panel the tabs control: its id, role and the selected tab as its name. */
export const tabPanelProps = (prefix: string, selected: string | null) => ({
  id: `${prefix}-panel`, role: "tabpanel", "aria-labelledby": subPageTabId(prefix, selected),
}) as const;

export function SubPageTabs({ prefix, label, pages, selected, onSelect, children }: {
  /** Unique on the screen: the ids of the tabs and the panel start with it. */
  readonly prefix: string;
  /** The tablist's accessible name. */
  readonly label: string;
  readonly pages: ReadonlyArray<SubPage>;
  readonly selected: string | null;
  readonly onSelect: (id: string | null) => void;
  /** Shown after the tablist (outside it: a tablist holds only tabs), e.g. the editor's "Sub-page" button. */
  readonly children?: ReactNode;
}) {
  const all: ReadonlyArray<{ id: string | null; title: string }> = [{ id: null, title: "Main page" }, ...pages];
  const current = Math.max(0, all.findIndex((p) => p.id === selected));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = e.key === "ArrowRight" || e.key === "ArrowDown" ? (current + 1) % all.length
      : e.key === "ArrowLeft" || e.key === "ArrowUp" ? (current - 1 + all.length) % all.length
        : e.key === "Home" ? 0 : e.key === "End" ? all.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const id = all[next]!.id;
    onSelect(id);
    // The tab reached takes the focus (automatic activation: selecting it shows its panel).
    document.getElementById(subPageTabId(prefix, id))?.focus();
  };
  return (
    <div className="bp6-tabs pe-tabs">
      <div role="tablist" aria-label={label} className="bp6-tab-list" onKeyDown={onKeyDown} data-testid={`${prefix}-tabs`}>
        {all.map((p, i) => (
          <button key={p.id ?? MAIN} type="button" role="tab" id={subPageTabId(prefix, p.id)} className="bp6-tab pe-tab"
            aria-selected={i === current} aria-controls={tabPanelProps(prefix, selected).id} tabIndex={i === current ? 0 : -1}
            onClick={() => onSelect(p.id)}>
            {p.title}
          </button>
        ))}
      </div>
      {children}
    </div>
  );
}
