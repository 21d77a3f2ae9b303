/**
 * The session's storage keys, in a module of their own: the boot script (web/src/boot), which
 * runs before any module, reads the token's key without bringing the session store along.
 */

/** The access token; its entry expires with the token itself. */
export const AUTH_KEY = "portal.auth";
/** The selected company. */
export const COMPANY_KEY = "portal.company";
/** The browser id (spec 3 client storage): made once, kept forever, sent as Api-Device-Id. */
export const BROWSER_ID_KEY = "portal.browserId";
