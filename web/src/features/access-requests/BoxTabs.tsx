import { Button, NonIdealState, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import type { RequestBoxes } from "../../stores/RequestBoxes";

export interface BoxTabsProps<B extends string> {
  readonly store: RequestBoxes<B & import("@portal/core/ports/api/AccessRequestsApi").AccessRequestBox>;
  readonly labels: Readonly<Record<B, string>>;
  readonly empty: Readonly<Record<B, string>>;
  /** The list of one box. */
  readonly children: (box: B) => ReactNode;
  readonly id: string;
}

/** Tabs over the boxes of a RequestBoxes store (arrow keys move between tabs), each with its list and Load more. */
export const BoxTabs = observer(function BoxTabs<B extends string>({ store, labels, empty, children, id }: BoxTabsProps<B>) {
  const names = Object.keys(labels) as B[];
  const current = store.current as B;
  const box = store.boxes[current as never] as { rows: ReadonlyArray<unknown>; moreAfter: string | null; state: string };
  const panel = (
    <div data-testid={`box-${current}`}>
      {box.state === "failed" ? (
        <NonIdealState icon="error" title="This list could not be loaded" action={<Button icon="refresh" text="Try again" onClick={() => void store.load(current as never)} />} />
      ) : box.state !== "ready" && box.rows.length === 0 ? <Spinner size={32} /> : box.rows.length === 0 ? (
        <NonIdealState icon="inbox" title={empty[current]} />
      ) : (
        <>
          {children(current)}
          <div className="request-footer">
            {box.moreAfter !== null && <Button icon="more" text="Load more" onClick={() => void store.loadMore(current as never)} />}
            {box.state === "pending" && <Spinner size={16} />}
          </div>
        </>
      )}
    </div>
  );
  // Blueprint renders every tab's panel (the hidden ones empty), so each tab's aria-controls names a real panel.
  return (
    <Tabs id={id} selectedTabId={current} onChange={(tab) => void store.show(tab as never)} className="request-tabs">
      {names.map((n) => <Tab key={n} id={n} title={labels[n]} data-testid={`tab-${n}`} panel={n === current ? panel : <span />} />)}
    </Tabs>
  );
});
