/**
 * The mail form component (issue 13): subject and message, sent about the device to the
 * recipients configured in the component (the server reads them from the page, never from here).
 * In the editor it sends through the draft (the preview); on a dashboard through the published
 * page. A failed send keeps the text and shows the catalogue's sentence.
 */
import { Button, Callout, FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useState } from "react";
import { useStores } from "../componentDeps";
import { MailFormStore } from "../componentDeps";
import type { DeviceComponentProps } from "./deviceComponentProps";
import "./deviceComponents.css";

export const MailFormView = observer(function MailFormView({ component: c, ctx }: DeviceComponentProps) {
  const root = useStores();
  const agentId = ctx.agent?.publicId ?? null;
  const defaultSubject = typeof c.config["subject"] === "string" ? c.config["subject"] : "";
  const [store, setStore] = useState<MailFormStore | null>(null);
  useEffect(() => {
    if (agentId === null || ctx.pagePublicId === undefined) return setStore(null);
    setStore(new MailFormStore(root, { agentPublicId: agentId, pagePublicId: ctx.pagePublicId, componentId: c.id, version: ctx.version ?? "published" }, defaultSubject));
  }, [root, agentId, ctx.pagePublicId, ctx.version, c.id, defaultSubject]);
  const id = useId();
  const title = typeof c.config["title"] === "string" ? c.config["title"] : "";
  if (agentId === null || store === null) return <p className="dc-muted">{root.messages.text("deviceComponents.noDevice")}</p>;
  return (
    <section className="dc" aria-label={title || "Mail form"} data-testid="dc-mail-form">
      {title && <h3 className="dc-title">{title}</h3>}
      <p className="dc-muted">About {ctx.agent?.name}</p>
      <form className="dc-form" onSubmit={(e) => { e.preventDefault(); void store.send(); }}>
        <FormGroup label="Subject" labelFor={`${id}-subject`}>
          <InputGroup id={`${id}-subject`} value={store.subject} maxLength={120} onValueChange={(v) => store.setSubject(v)} data-testid="dc-mail-subject" />
        </FormGroup>
        <FormGroup label="Message" labelFor={`${id}-message`}>
          <TextArea id={`${id}-message`} fill rows={3} value={store.message} maxLength={4000} onChange={(e) => store.setMessage(e.currentTarget.value)} data-testid="dc-mail-message" />
        </FormGroup>
        <div className="dc-row"><Button type="submit" intent="primary" icon="send-message" text="Send" loading={store.sending} data-testid="dc-mail-send" /></div>
        {store.error && <Callout intent="danger" compact role="alert">{store.error}</Callout>}
        {store.sentTo !== null && <Callout intent="success" compact role="status" data-testid="dc-mail-sent">
          {root.messages.text("MAIL_FORM_SENT", { name: `${store.sentTo} recipient${store.sentTo === 1 ? "" : "s"}` })}
        </Callout>}
      </form>
    </section>
  );
});
