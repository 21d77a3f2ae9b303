/**
 * The custom terms of use and privacy statement builders (issue 12; spec 2 top-level routes
 * /custom-terms-of-use-builder and /custom-privacy-statement-builder, spec 6 manage rights). One
 * page for both: the language being written (English first), adding a language, the rich-text
 * editor or the preview, and Publish after a confirmation. For terms, whose terms apply (spec 3
 * customTermsOfUse). Leaving with unpublished changes asks first.
 */
import { Alert, Button, Callout, FormGroup, HTMLSelect, InputGroup, NonIdealState, Radio, RadioGroup, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId } from "react";
import { useLeaveBlocker } from "../../app/router/AppRouter";
import type { PolicyKind } from "@portal/core/domain/PolicyVersion";
import { useStore, useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { PolicyEditor, PolicyPreview } from "./PolicyEditor";
import "../terms/terms.css";
import "./policyBuilders.css";
import { PrivacyBuilderStore, TermsBuilderStore } from "../../stores/PolicyBuilderStore";

const TITLES: Record<PolicyKind, string> = { "terms-of-use": "Terms of use builder", "privacy-statement": "Privacy statement builder" };
const names = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "language" }) : null;
/** "German (de)"; the code alone when the browser does not know it. */
export const languageLabel = (code: string): string => {
  let name: string | undefined;
  try { name = names?.of(code); } catch { name = undefined; }
  return name && name !== code ? `${name} (${code})` : code;
};

export const PolicyBuilderPage = observer(function PolicyBuilderPage({ kind }: { kind: PolicyKind }) {
  const { session } = useStores();
  const termsBuilder = useStore(TermsBuilderStore);
  const privacyBuilder = useStore(PrivacyBuilderStore);
  const store = kind === "terms-of-use" ? termsBuilder : privacyBuilder;
  const company = session.selectedCompanyId;
  const languageId = useId();
  const addId = useId();
  useEffect(() => { void store.load(); }, [store, company]);
  const blocker = useLeaveBlocker(({ currentLocation, nextLocation }) => store.isDirty && currentLocation.pathname !== nextLocation.pathname);
  // The typed text lives in this tab until it is published: a reload or a closed tab asks first too.
  const dirty = store.isDirty;
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);
  const title = TITLES[kind];

  if (store.state !== "ready") {
    return (
      <section className="policy-builder" data-testid={`${kind}-builder`}>
        <ScreenHeader title={title} />
        {store.state === "failed"
          ? <NonIdealState icon="error" title="Could not load" action={<Button text="Try again" onClick={() => void store.load()} />} />
          : <Spinner aria-label="Loading" />}
      </section>
    );
  }
  const versions = store.view?.versions ?? [];
  return (
    <section className="policy-builder" data-testid={`${kind}-builder`}>
      <ScreenHeader title={title}>
        <Button icon={store.previewing ? "edit" : "eye-open"} text={store.previewing ? "Edit" : "Preview"} onClick={() => store.togglePreview()} data-testid="policy-preview-toggle" />
        <Button icon="upload" intent="primary" text="Publish" disabled={!store.canPublish} loading={store.publishing} onClick={() => store.askPublish()} data-testid="policy-publish" />
      </ScreenHeader>

      {kind === "terms-of-use" && store.view?.customTermsOfUse && (
        <RadioGroup label="Terms that apply to this company" inline selectedValue={store.view.customTermsOfUse} disabled={store.switchingSource}
          onChange={(e) => void store.setSource(e.currentTarget.value as "company" | "sector")} className="policy-source">
          <Radio value="company" label="The company's own terms" />
          <Radio value="sector" label="The sector's terms" />
        </RadioGroup>
      )}

      <div className="policy-languages">
        <FormGroup label="Language" labelFor={languageId}>
          <HTMLSelect id={languageId} value={store.language} onChange={(e) => store.chooseLanguage(e.currentTarget.value)} data-testid="policy-language"
            options={store.languages.map((code) => ({ value: code, label: code === "en" ? "English (en), the fallback" : languageLabel(code) }))} />
        </FormGroup>
        <form className="policy-add-language" onSubmit={(e) => { e.preventDefault(); store.addLanguage(); }}>
          <FormGroup label="Add a language" labelFor={addId} intent={store.languageIssue ? "danger" : "none"}>
            <InputGroup id={addId} value={store.newLanguage} placeholder="de" onValueChange={(v) => store.setNewLanguage(v)} intent={store.languageIssue ? "danger" : "none"}
              aria-invalid={store.languageIssue !== null} aria-describedby={store.languageIssue ? `${addId}-issue` : undefined} data-testid="policy-new-language" />
          </FormGroup>
          <Button type="submit" icon="plus" text="Add" disabled={store.newLanguage.trim() === ""} data-testid="policy-add-language" />
        </form>
      </div>
      {store.languageIssue && <Callout intent="danger" role="alert" id={`${addId}-issue`} compact data-testid="policy-language-issue">{store.languageIssue}</Callout>}

      {store.previewing
        ? <article className="policy-preview" aria-label="Preview"><PolicyPreview html={store.text} /></article>
        : <PolicyEditor key={store.language} initial={store.text} languageName={store.language === "en" ? "English" : languageLabel(store.language)} onChange={(html) => store.setText(html)} />}

      {store.publishIssue && <Callout intent="danger" role="alert" data-testid="policy-publish-issue">{store.publishIssue}</Callout>}
      <p className="bp6-text-muted policy-status" data-testid="policy-status">
        {versions.length === 0 ? "Nothing published yet." : `${versions.length} version${versions.length === 1 ? "" : "s"} published; the latest on ${new Date(versions[0]!.createdAt).toLocaleString("en-GB")}.`}
        {store.isDirty ? " You have unpublished changes." : ""}
      </p>

      <Alert isOpen={store.confirmingPublish} intent="primary" icon="upload" confirmButtonText="Publish" cancelButtonText="Cancel" loading={store.publishing}
        canEscapeKeyCancel onCancel={() => store.cancelPublish()} onConfirm={() => void store.publish()}>
        <p>{kind === "terms-of-use"
          ? "Publish these terms as a new version? While the company's own terms apply, every user of the company is asked to accept them."
          : "Publish this privacy statement as a new version? The company's users see it from now on."}</p>
      </Alert>
      <Alert isOpen={blocker.state === "blocked"} intent="danger" icon="warning-sign" confirmButtonText="Discard" cancelButtonText="Keep editing"
        canEscapeKeyCancel onCancel={() => blocker.reset()} onConfirm={() => blocker.proceed()} className="discard-alert">
        <p>Discard your changes? What you wrote in “{title}” and did not publish will be lost.</p>
      </Alert>
    </section>
  );
});

export const TermsOfUseBuilderPage = () => <PolicyBuilderPage kind="terms-of-use" />;
export const PrivacyStatementBuilderPage = () => <PolicyBuilderPage kind="privacy-statement" />;
