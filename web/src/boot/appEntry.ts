/**
 * The app's entry and its preloads, held back until a signed-in start's starting screen is on
 * screen. The build moves the entry's module script and its modulepreload links out of index.html's
 * head into a <template> (inert: nothing in it is fetched), and the boot script puts them in the
 * head: at once when it painted nothing, after the first frame when it painted the starting
 * screen. On a phone's network the stylesheet then has the bandwidth to itself and the screen
 * appears before 150 kB of script are in (Lighthouse's throttled phone: first paint 2.4-2.5 s ->
 * 0.9-1.0 s on /devices); the scripts follow one frame later. vite.config.ts reads this module:
 * no imports.
 */

/** The id of the template element that holds the entry (index.html, built). */
export const APP_ENTRY_TEMPLATE_ID = "portal-app-entry";

const ENTRY = /[ \t]*<script type="module" crossorigin src="[^"]+"><\/script>\n?/g;
const PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="[^"]+">\n?/g;

/**
 * index.html with its entry script and modulepreload links taken out, and those tags as they
 * were, in their order (entry first), for the template. Guarantees: nothing else of the document
 * changes; a document without exactly one entry script is refused (the build fails rather than
 * serving a page that never loads the app).
 */
export function takeOutEntry(html: string): { readonly html: string; readonly tags: string } {
  const entries = html.match(ENTRY) ?? [];
  if (entries.length !== 1) throw new Error(`index.html should hold one entry script, not ${entries.length}`);
  const preloads = html.match(PRELOAD) ?? [];
  return {
    html: html.replace(ENTRY, "").replace(PRELOAD, ""),
    tags: [...entries, ...preloads].map((tag) => tag.trim()).join(""),
  };
}

/**
 * Puts the template's entry script and preloads into the head, as new elements (a script
 * cloned from a template would not run in every browser). `afterFirstFrame`: once the next frame
 * has been drawn (a frame callback, then a task), or after 1 s at most, for a tab that draws no
 * frame while hidden. Guarantees: the entry is added once, and only if the template is there.
 */
export function loadAppEntry(doc: Document, afterFirstFrame: boolean): void {
  const template = doc.getElementById(APP_ENTRY_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  let done = false;
  const load = () => {
    if (done) return;
    done = true;
    const parts = doc.createDocumentFragment();
    // After a painted screen, the entry alone: the module loader asks for its imports as it reads
    // it. Each element a script adds costs the page's thread (22 ms for the 22 of them, measured
    // in a trace), and the sign-in page's own chunks among the preloads are not needed here.
    const tags = Array.from(template.content.children);
    for (const tag of afterFirstFrame ? tags.filter((t) => t.localName === "script") : tags) {
      const copy = doc.createElement(tag.localName);
      for (const { name, value } of Array.from(tag.attributes)) copy.setAttribute(name, value);
      parts.appendChild(copy);
    }
    doc.head.appendChild(parts);
  };
  if (!afterFirstFrame || doc.visibilityState === "hidden") {
    load();
    return;
  }
  requestAnimationFrame(() => setTimeout(load, 0));
  setTimeout(load, 1000);
}
