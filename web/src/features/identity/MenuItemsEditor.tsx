import { Button, Callout, InputGroup, NonIdealState } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useStore, useStores } from "../../app/StoreContext";
import { MenuItemsStore } from "../../stores/MenuItemsStore";

/**
 * The company's menu items (issue 12): edit label and link, move by drag (the handle) or by
 * keyboard (Alt+Arrow up/down on a row's handle, or its move buttons), delete, add; "Save menu
 * items" saves the whole list (core's upsert split), "Discard" goes back to the saved list.
 */
export const MenuItemsEditor = observer(function MenuItemsEditor() {
  const { messages } = useStores();
  const store = useStore(MenuItemsStore);
  const [dragged, setDragged] = useState<number | null>(null);
  const issue = (i: number, field: string) => store.issues[`${i}.${field}`];
  return (
    <section className="identity-card" aria-labelledby="menu-items-title" data-testid="menu-items-editor">
      <h2 id="menu-items-title" className="bp6-heading">Menu items</h2>
      <p className="bp6-text-muted">Links shown to everyone in the company below the left menu, in this order. A link to another site opens in a new tab.</p>
      {store.rows.length === 0 ? <NonIdealState icon="link" title="No menu items" description="Add a link, for example to your service desk." /> : (
        <ol className="menu-items-list">
          {store.rows.map((row, i) => (
            <li key={row.key} className={dragged === i ? "menu-item-row is-dragged" : "menu-item-row"} data-testid="menu-item-row"
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => { e.preventDefault(); if (dragged !== null) store.move(dragged, i); setDragged(null); }}>
              <button type="button" className="menu-item-handle" draggable aria-label={`Move ${row.label || "item"}: drag, or Alt+Arrow keys`}
                data-testid="menu-item-handle"
                onDragStart={(e) => { setDragged(i); e.dataTransfer.effectAllowed = "move"; e.dataTransfer.setData("text/plain", String(i)); }}
                onDragEnd={() => setDragged(null)}
                onKeyDown={(e) => {
                  if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
                  e.preventDefault();
                  const to = e.key === "ArrowUp" ? i - 1 : i + 1;
                  store.move(i, to);
                  requestAnimationFrame(() => document.querySelectorAll<HTMLButtonElement>(".menu-item-handle")[Math.max(0, Math.min(to, store.rows.length - 1))]?.focus());
                }}>⠿</button>
              <div className="menu-item-fields">
                <InputGroup aria-label="Label" placeholder="Label" value={row.label} intent={issue(i, "label") ? "danger" : "none"}
                  data-testid="menu-item-label" onValueChange={(v) => store.edit(i, "label", v)} />
                {issue(i, "label") && <div className="bp6-form-helper-text bp6-intent-danger">{messages.text(issue(i, "label")!)}</div>}
                <InputGroup aria-label="Link" placeholder="https://… or /path" value={row.url} intent={issue(i, "url") ? "danger" : "none"}
                  data-testid="menu-item-url" onValueChange={(v) => store.edit(i, "url", v)} />
                {issue(i, "url") && <div className="bp6-form-helper-text bp6-intent-danger">{messages.text(issue(i, "url")!)}</div>}
              </div>
              <div className="menu-item-actions">
                <Button icon="arrow-up" variant="minimal" aria-label="Move up" disabled={i === 0} onClick={() => store.move(i, i - 1)} />
                <Button icon="arrow-down" variant="minimal" aria-label="Move down" disabled={i === store.rows.length - 1} onClick={() => store.move(i, i + 1)} />
                <Button icon="trash" variant="minimal" intent="danger" aria-label={`Delete ${row.label || "item"}`} onClick={() => store.remove(i)} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {store.failure && <Callout intent="danger" role="alert">{messages.text(store.failure.key, store.failure.params)}</Callout>}
      <div className="identity-actions">
        <Button icon="plus" text="Add menu item" onClick={() => store.add()} data-testid="menu-item-add" />
        <span className="identity-spacer" />
        <Button text="Discard" disabled={!store.dirty || store.saving} onClick={() => store.reset()} />
        <Button intent="primary" text="Save menu items" loading={store.saving} disabled={!store.dirty} onClick={() => void store.save()} data-testid="menu-items-save" />
      </div>
    </section>
  );
});
