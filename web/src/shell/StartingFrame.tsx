import { observer } from "mobx-react-lite";
import { useLocation } from "react-router";
import { useStores } from "../app/StoreContext";
import { FullPageSpinner } from "./FullPageSpinner";
import { LightSpinner } from "./light";
import { useScreenTitle } from "./ScreenHeader";
import { useWideLayout } from "./useWideLayout";
import { STARTING_TITLES } from "../app/startingTitles";

/**
 * What a signed-in start shows while the session's calls run (discovery, my user, the company's
 * rights and the shell's lists): the frame's top bar and the screen's title where the screen will
 * put them, with a spinner below, instead of a spinner on an empty page. A phone on a slow network
 * waits a second or more for those calls; the person sees at once where they are. On a screen
 * titled by its data, it is the page spinner. The boot script paints the same markup before any
 * module (src/boot/startingScreenTemplate.ts). Loaded with the stored session's chunk, not with
 * the sign-in page (StartingScreen.tsx).
 */
export const StartingFrame = observer(function StartingFrame() {
  const { session, branding } = useStores();
  const { pathname } = useLocation();
  const wide = useWideLayout();
  const title = session.isSignedIn ? (STARTING_TITLES[pathname.replace(/\/+$/, "")] ?? null) : null;
  useScreenTitle(title);
  if (title === null) return <FullPageSpinner />;
  return (
    <div className={wide ? "shell is-wide" : "shell is-narrow"} data-testid="loading">
      <header className="shell-header">
        <div className="bp6-navbar shell-bar">
          <div className="bp6-navbar-group bp6-align-left shell-bar-start">
            <div className="bp6-navbar-heading shell-brand">
              {branding.logo && <img className="shell-logo" src={branding.logo} alt="" />}
              <span className={branding.logo ? "shell-brand-text has-logo" : "shell-brand-text"}>{branding.displayName}</span>
            </div>
          </div>
        </div>
      </header>
      <div className="shell-body">
        {wide && <div className="shell-menu" />}
        <main className="shell-content" id="main">
          <header className="screen-header">
            <h1 className="bp6-heading screen-title">{title}</h1>
          </header>
          <LightSpinner className="bp6-icon-muted starting-spinner" />
        </main>
      </div>
    </div>
  );
});
