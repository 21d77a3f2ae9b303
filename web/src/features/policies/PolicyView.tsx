import { Button, Callout, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../app/StoreContext";
import { useScreenTitle } from "../../shell/ScreenHeader";
import "../terms/terms.css";
import { PolicyStore } from "../../stores/PolicyStore";

export interface PolicyViewProps {
  /** The page's h1 and document title. */
  readonly title: string;
  /** Where "Back" goes, and its text. */
  readonly back: { readonly to: string; readonly text: string };
  readonly testId: string;
}

/** A privacy statement or terms page: the policy store's text (sanitised HTML), or why there is none. */
export const PolicyView = observer(function PolicyView({ title, back, testId }: PolicyViewProps) {
  const { session } = useStores();
  const policy = useStore(PolicyStore);
  useScreenTitle(title);
  const body = policy.text?.body ?? null;
  // A text that brings its own h1 (the demo's does) keeps the page at one h1.
  const ownHeading = body === null || !/<h1[\s>]/i.test(body);
  return (
    <main className="terms-page" data-testid={testId}>
      <Button variant="minimal" icon="arrow-left" text={back.text} onClick={() => session.navigate(back.to)} />
      {ownHeading && <h1 className="bp6-heading policy-title">{title}</h1>}
      {policy.loadError !== null && <Callout intent="danger" role="alert">{policy.loadError}</Callout>}
      {(policy.state === "loading" || policy.state === "idle") && <Spinner aria-label={`Loading the ${title.toLowerCase()}`} />}
      {policy.state === "ready" && body === null && <NonIdealState icon="document" title="Nothing published yet" description={policy.noneText} />}
      {/* The server sanitised this HTML with an allow-list (server/src/terms/sanitizeTermsHtml.ts). */}
      {body !== null && <article className="terms-body" lang={policy.text?.language} dangerouslySetInnerHTML={{ __html: body }} />}
      {policy.text !== null && policy.text.source === "sector" && testId !== "privacy-statement-page" && (
        <p className="policy-source">Your company has no text of its own: this is the portal's.</p>
      )}
    </main>
  );
});

/** The browser's first language as a code ("de" of "de-CH"), for the policy's language. */
export const browserLanguage = (): string | undefined => navigator.languages?.[0]?.split("-")[0] ?? navigator.language?.split("-")[0];
