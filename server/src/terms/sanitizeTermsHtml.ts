/**
 * Terms-of-use (and later privacy statement) bodies are HTML written by sector and company
 * administrators and shown to every user of the company: they are sanitised on the server,
 * every time they are served, with sanitize-html's allow-list (see server/README.md for why a
 * maintained allow-list sanitiser and not a hand-written filter). Only text formatting, lists,
 * tables and links survive; links keep http(s) and mailto only and open in a new tab.
 */
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "small", "sub", "sup",
    "blockquote", "code", "pre", "ul", "ol", "li", "dl", "dt", "dd", "a", "span", "div",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"], th: ["colspan", "rowspan"], td: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: { a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }) },
};

/** The body with everything outside the allow-list removed (scripts, event handlers, javascript: links, styles, frames). */
export const sanitizeTermsHtml = (html: string): string => sanitizeHtml(html, OPTIONS);
