import { autorun } from "mobx";
import { useEffect } from "react";
import { useStores } from "../app/StoreContext";

/**
 * Mirrors BrandingStore into the document: browser title (with the screen's title first), favicon link (its URL carries the
 * cache-busting timestamp), the dark theme class and the primary colour (a CSS variable). The store decides; this only applies.
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
        // The home-screen icon of the active branding (Identity screen); none: no link.
        const touchIcon = branding.active?.appleTouchIcon;
        let touch = document.querySelector<HTMLLinkElement>("link#apple-touch-icon");
        if (touchIcon) {
          if (touch === null) {
            touch = document.createElement("link");
            touch.id = "apple-touch-icon";
            touch.rel = "apple-touch-icon";
            document.head.appendChild(touch);
          }
          touch.href = touchIcon;
        } else touch?.remove();
        const dark = branding.theme === "dark";
        document.body.classList.toggle("bp6-dark", dark); // Blueprint's Classes.DARK, without its class table on the first load
        document.documentElement.dataset.theme = branding.theme;
        // The company's primary colour: buttons and the top bar accent read this variable (app.css).
        const color = branding.primaryColor;
        if (color) document.documentElement.style.setProperty("--portal-primary", color);
        else document.documentElement.style.removeProperty("--portal-primary");
        document.documentElement.toggleAttribute("data-branded-color", color !== undefined);
      }),
    [branding, ui],
  );
  return null;
}
