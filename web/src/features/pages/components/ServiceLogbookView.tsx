/**
 * The service logbook component (issue 13): the device's entries, newest first, and a form to
 * add one (text and an optional category from the component's config). Delete is offered where
 * the server says the caller may (their own entries; all of them for a device manager).
 */
import { Button, Callout, FormGroup, HTMLSelect, TextArea } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useState } from "react";
import { logbookCategories } from "@portal/core/rules/serviceLogbook";
import { useStores, Tag } from "../componentDeps";
import { LogbookStore } from "../componentDeps";
import { formatDateTime } from "../componentDeps";
import type { DeviceComponentProps } from "./deviceComponentProps";
import "./deviceComponents.css";

export const ServiceLogbookView = observer(function ServiceLogbookView({ component: c, ctx }: DeviceComponentProps) {
  const root = useStores();
  const agentId = ctx.agent?.publicId ?? null;
  const [store, setStore] = useState<LogbookStore | null>(null);
  useEffect(() => {
    if (agentId === null) return setStore(null);
    const s = new LogbookStore(root, agentId);
    setStore(s);
    void s.load();
  }, [root, agentId]);
  const id = useId();
  const title = typeof c.config["title"] === "string" ? c.config["title"] : "";
  const categories = logbookCategories(typeof c.config["categories"] === "string" ? c.config["categories"] : "");
  if (agentId === null || store === null) return <p className="dc-muted">{root.messages.text("deviceComponents.noDevice")}</p>;
  return (
    <section className="dc" aria-label={title || "Service logbook"} data-testid="dc-logbook">
      {title && <h3 className="dc-title">{title}</h3>}
      <form className="dc-form" onSubmit={(e) => { e.preventDefault(); void store.add(); }}>
        <FormGroup label="New entry" labelFor={`${id}-text`}>
          <TextArea id={`${id}-text`} fill rows={2} value={store.text} maxLength={4000} onChange={(e) => store.setText(e.currentTarget.value)} data-testid="dc-logbook-text" />
        </FormGroup>
        <div className="dc-row">
          {categories.length > 0 && (
            <HTMLSelect aria-label="Category" value={store.category} onChange={(e) => store.setCategory(e.currentTarget.value)} data-testid="dc-logbook-category"
              options={[{ value: "", label: "No category" }, ...categories.map((k) => ({ value: k, label: k }))]} />
          )}
          <Button type="submit" intent="primary" icon="add" text="Add entry" loading={store.busy} data-testid="dc-logbook-add" />
        </div>
        {store.error && <Callout intent="danger" compact role="alert">{store.error} {root.messages.text("deviceComponents.saveKept")}</Callout>}
      </form>
      {store.state === "failed" && <Callout intent="warning" compact>{root.messages.text("logbook.loadFailed")} <Button size="small" text="Try again" onClick={() => void store.load()} /></Callout>}
      {store.state === "loaded" && store.entries.length === 0 && <p className="dc-muted">{root.messages.text("logbook.none")}</p>}
      <ul className="dc-list" data-testid="dc-logbook-entries">
        {store.entries.map((e) => (
          <li key={e.publicId} className="dc-item" data-testid="dc-logbook-entry">
            <div className="dc-item-head">
              <span>{formatDateTime(e.createdAt)} · {e.author.name} {e.category && <Tag minimal round>{e.category}</Tag>}</span>
              {e.canDelete && <Button size="small" variant="minimal" icon="trash" aria-label={`Delete the entry of ${formatDateTime(e.createdAt)} by ${e.author.name}`} onClick={() => void store.remove(e.publicId)} />}
            </div>
            <div className="dc-item-text">{e.text}</div>
          </li>
        ))}
      </ul>
    </section>
  );
});
