import { Button, Classes } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStore } from "../app/StoreContext";
import { AppBannerStore } from "../stores/AppBannerStore";
import "./appBanner.css";

/**
 * The app-store banner on mobile web (spec 2 and 9, Portal app only): 80 px with the store's
 * details and an Open link when the company has a link for this phone's store, else 50 px
 * generic. It sits above every page, in the flow, so nothing is covered; × hides it.
 */
export const AppBanner = observer(function AppBanner() {
  const store = useStore(AppBannerStore);
  const banner = store.banner;
  if (banner === null) return null;
  return (
    <aside className={`app-banner app-banner-${banner.kind}`} style={{ height: banner.heightPx }} aria-label="Get the app" data-testid="app-banner">
      <Button variant="minimal" icon="cross" aria-label="Close the app banner" onClick={() => store.dismiss()} />
      {banner.kind === "store" ? (
        <>
          {store.details?.artworkUrl ? <img className="app-banner-artwork" src={store.details.artworkUrl} alt="" width={56} height={56} onError={(e) => void (e.currentTarget.hidden = true)} /> : null}
          <div className="app-banner-text">
            <strong>{store.appName}</strong>
            <span>Free on {store.storeName}</span>
          </div>
          {/* A link (it goes to the store), drawn as Blueprint's primary button. */}
          <a className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} href={banner.storeUrl} target="_blank" rel="noopener noreferrer"
            aria-label={`Open ${store.appName} on ${store.storeName}`}>
            <span className={Classes.BUTTON_TEXT}>Open</span>
          </a>
        </>
      ) : (
        <div className="app-banner-text">
          <span>{store.appName} is also available as an app for your phone.</span>
        </div>
      )}
    </aside>
  );
});
