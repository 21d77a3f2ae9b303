import { describe, expect, it } from "vitest";
import { sanitizeTermsHtml } from "../src/terms/sanitizeTermsHtml";

/** Known XSS payloads (OWASP filter evasion cheat sheet and friends): none may keep active content. */
const PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)>",
  "<body onload=alert(1)>",
  "<p onclick=\"alert(1)\">click</p>",
  "<a href=\"javascript:alert(1)\">x</a>",
  "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
  "<a href=\"jav&#x09;ascript:alert(1)\">x</a>",
  "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">x</a>",
  "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
  "<a href=\"vbscript:msgbox(1)\">x</a>",
  "<iframe src=\"javascript:alert(1)\"></iframe>",
  "<object data=\"javascript:alert(1)\"></object>",
  "<embed src=\"javascript:alert(1)\">",
  "<div style=\"background:url(javascript:alert(1))\">x</div>",
  "<style>@import 'javascript:alert(1)';</style>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<form action=\"javascript:alert(1)\"><button>x</button></form>",
  "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>script>alert(1)<</script>/script>",
  "<a href=\"//evil.example\">x</a>",
  "<details open ontoggle=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
];

describe("sanitizeTermsHtml", () => {
  it.each(PAYLOADS)("removes the active content of %s", (payload) => {
    const out = sanitizeTermsHtml(`<p>Terms</p>${payload}`).toLowerCase();
    expect(out).not.toMatch(/<script|<iframe|<object|<embed|<style|<svg|<img|<meta|<form|<input|<body|<math/);
    expect(out).not.toMatch(/\son[a-z]+\s*=/);
    expect(out).not.toMatch(/javascript:|vbscript:|data:|href="\/\//);
    expect(out).not.toContain("style=");
    expect(out).toContain("<p>terms</p>");
  });

  it("keeps formatting and safe links, opening them in a new tab", () => {
    expect(sanitizeTermsHtml("<h1>Terms</h1><p>Read <strong>this</strong> and <a href=\"https://example.com/x\">that</a>.</p><ul><li>one</li></ul>"))
      .toBe("<h1>Terms</h1><p>Read <strong>this</strong> and <a href=\"https://example.com/x\" target=\"_blank\" rel=\"noopener noreferrer\">that</a>.</p><ul><li>one</li></ul>");
  });
});
