import { Classes } from "@blueprintjs/core";
import { autorun } from "mobx";
import { useEffect } from "react";
import { useStores } from "../app/StoreContext";

/**
 * Mirrors BrandingStore into the document: browser title (with the screen's title first), favicon link (its URL carries the
 * cache-busting timestamp) and the dark theme class. The store decides; this only applies.
 */
export function BrandingHead() {
  const { branding, ui } = useStores();
  useEffect(
    () =>
      autorun(() => {
        document.title = ui.documentTitle;
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
    [branding, ui],
  );
  return null;
}
