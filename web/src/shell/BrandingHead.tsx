import { Classes } from "@blueprintjs/core";
import { autorun } from "mobx";
import { useEffect } from "react";
import { useStores } from "../app/StoreContext";

/**
 * Mirrors BrandingStore into the document: browser title, favicon link (its URL carries the
 * cache-busting timestamp) and the dark theme class. The store decides; this only applies.
 */
export function BrandingHead() {
  const { branding } = useStores();
  useEffect(
    () =>
      autorun(() => {
        document.title = branding.browserTitle;
        let link = document.querySelector<HTMLLinkElement>("link#favicon");
        if (link === null) {
          link = document.createElement("link");
          link.id = "favicon";
          link.rel = "icon";
          document.head.appendChild(link);
        }
        link.href = branding.faviconHref;
        const dark = branding.theme === "dark";
        document.body.classList.toggle(Classes.DARK, dark);
        document.documentElement.dataset.theme = branding.theme;
      }),
    [branding],
  );
  return null;
}
