import { Button, Callout, FormGroup, InputGroup, NonIdealState, Radio, RadioGroup, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import type { IdentityForm } from "../../stores/IdentityStore";
import { useStore, useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { IdentityImages } from "./IdentityImages";
import { LeaveGuard } from "./LeaveGuard";
import { MenuItemsEditor } from "./MenuItemsEditor";
import "./identity.css";
import { IdentityStore } from "../../stores/IdentityStore";
import { MenuItemsStore } from "../../stores/MenuItemsStore";

type TextField = Exclude<keyof IdentityForm, "theme">;

/** One text field of the identity form, with its issue (core's message) under it. */
const Field = observer(function Field({ field, label, help, placeholder }: { field: TextField; label: string; help?: string; placeholder?: string }) {
  const { messages } = useStores();
  const store = useStore(IdentityStore);
  const issue = store.issues[field];
  return (
    <FormGroup label={label} labelFor={`identity-${field}`} intent={issue ? "danger" : "none"} helperText={issue ? messages.text(issue) : help}>
      <InputGroup id={`identity-${field}`} data-testid={`identity-${field}`} value={store.form[field]} placeholder={placeholder}
        intent={issue ? "danger" : "none"} onValueChange={(v) => store.set(field, v)} />
    </FormGroup>
  );
});

/**
 * /identity (manage:branding, COMPANY section): the company's name, theme, primary colour, browser
 * title, host name (fqdn), logo and icons, app-store links, and its menu items. A save applies at
 * once for everyone of the company signed in (the event stream); a failed save keeps the form.
 */
export const IdentityPage = observer(function IdentityPage() {
  const { messages } = useStores();
  const store = useStore(IdentityStore);
  const menuItems = useStore(MenuItemsStore);
  useEffect(() => {
    void store.load();
    void menuItems.load(true);
  }, [store, menuItems]);
  if (store.state === "failed") return <NonIdealState icon="error" title="The identity could not be loaded" action={<Button text="Try again" onClick={() => void store.load()} />} />;
  if (store.identity === null) return <Spinner size={32} />;
  const colorIssue = store.issues["primaryColor"];
  return (
    <div className="identity-page" data-testid="identity-page">
      <ScreenHeader title="Identity" />
      <form className="identity-card" aria-labelledby="identity-form-title" onSubmit={(e) => { e.preventDefault(); void store.save(); }}>
        <h2 id="identity-form-title" className="bp6-heading">Company identity</h2>
        <Field field="name" label="Name" help="The brand name shown in the top bar." />
        <Field field="browserTitle" label="Browser title" help="The title of the browser tab; empty: the sector's." />
        <FormGroup label="Theme" labelFor="identity-theme">
          <RadioGroup inline selectedValue={store.form.theme} onChange={(e) => store.set("theme", e.currentTarget.value as "light" | "dark")} name="identity-theme">
            <Radio value="light" label="Light" data-testid="identity-theme-light" />
            <Radio value="dark" label="Dark" data-testid="identity-theme-dark" />
          </RadioGroup>
        </FormGroup>
        <FormGroup label="Primary colour" labelFor="identity-primaryColor" intent={colorIssue ? "danger" : "none"}
          helperText={colorIssue ? messages.text(colorIssue) : "Buttons and the top bar's accent; empty: the theme's blue."}>
          <div className="identity-color">
            <input type="color" aria-label="Pick the primary colour" value={/^#[0-9a-f]{6}$/i.test(store.form.primaryColor) ? store.form.primaryColor : "#2d72d2"}
              onChange={(e) => store.set("primaryColor", e.currentTarget.value)} data-testid="identity-color-picker" />
            <InputGroup id="identity-primaryColor" data-testid="identity-primaryColor" value={store.form.primaryColor} placeholder="#2d72d2"
              intent={colorIssue ? "danger" : "none"} onValueChange={(v) => store.set("primaryColor", v)} />
          </div>
        </FormGroup>
        <Field field="fqdn" label="Host name (fqdn)" placeholder="portal.example.com" help="The address the company's portal is served on; its sign-in page then shows this branding." />
        <IdentityImages />
        <Field field="appleAppStoreLink" label="App Store link" placeholder="https://apps.apple.com/…" />
        <Field field="googlePlayStoreLink" label="Google Play link" placeholder="https://play.google.com/store/apps/…" />
        {store.failure && <Callout intent="danger" role="alert">{messages.text(store.failure.key, store.failure.params)}</Callout>}
        <div className="identity-actions">
          <span className="identity-spacer" />
          <Button text="Discard" disabled={!store.dirty || store.saving} onClick={() => store.reset()} />
          <Button type="submit" intent="primary" text="Save identity" loading={store.saving} disabled={!store.dirty} data-testid="identity-save" />
        </div>
      </form>
      <MenuItemsEditor />
      <LeaveGuard dirty={store.dirty || menuItems.dirty} what="Identity" />
    </div>
  );
});

export default IdentityPage;
