import { observer } from "mobx-react-lite";
import { useStore } from "../app/StoreContext";
import { AppBannerStore } from "../stores/AppBannerStore";
import { LightAnchorButton, LightCloseButton } from "./light";

/**
 * The app-store banner on mobile web (spec 2 and 9, Portal app only): 80 px with the store's
 * details and an Open link when the company has a link for this phone's store, else 50 px
 * generic. It sits above every page, in the flow, so nothing is covered; × hides it. Drawn with
 * light.tsx: on a phone it is the sign-in page's largest text, so Lighthouse's largest paint waited
 * for Blueprint's button, icon and spinner code, which nothing else on that page loads.
 */
export const AppBanner = observer(function AppBanner() {
  const store = useStore(AppBannerStore);
  const banner = store.banner;
  if (banner === null) return null;
  return (
    <aside className={`app-banner app-banner-${banner.kind}`} style={{ height: banner.heightPx }} aria-label="Get the app" data-testid="app-banner">
      <LightCloseButton aria-label="Close the app banner" onClick={() => store.dismiss()} />
      {banner.kind === "store" ? (
        <>
          {store.details?.artworkUrl ? <img className="app-banner-artwork" src={store.details.artworkUrl} alt="" width={56} height={56} onError={(e) => void (e.currentTarget.hidden = true)} /> : null}
          <div className="app-banner-text">
            <strong>{store.appName}</strong>
            <span>Free on {store.storeName}</span>
          </div>
          {/* A link (it goes to the store), drawn as Blueprint's primary button. */}
          <LightAnchorButton intent="primary" text="Open" href={banner.storeUrl} target="_blank" rel="noopener noreferrer"
            role={undefined} aria-label={`Open ${store.appName} on ${store.storeName}`} />
        </>
      ) : (
        <div className="app-banner-text">
          {/* No name in it: the active branding's name changes from the host's to the company's during a
              signed-in start, and the sentence would change under the reader's eyes. */}
          <span>This portal is also available as an app for your phone.</span>
        </div>
      )}
    </aside>
  );
});
