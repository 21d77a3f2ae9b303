/**
 * Stands in for @blueprintjs/icons' `iconNames` module in the browser build (vite.config.ts).
 * The original imports the code points of all ~600 icons and the change-case library to build
 * two name tables (about 10 kB gzip in the first load) that Blueprint uses only to warn about
 * unknown names and for `IconNames.SQUARE`-style constants. The app loads icons by name through
 * src/app/icons.ts, which returns no paths for a name it does not bundle (test/icons.test.ts
 * fails on such a name), so any string is accepted here and a constant maps to its kebab name.
 */
const kebab = (key) =>
  /^[A-Z0-9_]+$/.test(key)
    ? key.toLowerCase().replace(/_/g, "-")
    : key.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([a-zA-Z])([0-9])/g, "$1-$2").toLowerCase();

export const IconNames = new Proxy({}, { get: (_, key) => (typeof key === "string" ? kebab(key) : undefined) });
export const IconNamesSet = { has: (name) => typeof name === "string" && name.length > 0 };
