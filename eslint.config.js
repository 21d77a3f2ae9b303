// Enforces the dependency rule of STYLE.md: imports point inward only.
import tseslint from "typescript-eslint";

const ignores = ["**/node_modules/**", "**/dist/**", ".tools/**", "data/**", "**/test-results/**", "tests/artifacts/**"];

export default tseslint.config(
  { ignores },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { parser: tseslint.parser, ecmaVersion: "latest", sourceType: "module" },
  },
  {
    // core: framework-free; effect and temporal-polyfill only, nothing of this repo.
    files: ["core/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{
          regex: "^(?!effect(/|$)|temporal-polyfill(/|$)|\\.{1,2}/).*",
          message: "core imports only effect, temporal-polyfill and its own files.",
        }, {
          // core/src is at most two folders deep: three steps up leave core.
          regex: "^(\\.\\./){3,}",
          message: "core imports nothing outside core/src.",
        }],
      }],
    },
  },
  {
    // core's own tests may also use the test tools.
    files: ["core/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{
          regex: "^(?!effect(/|$)|temporal-polyfill(/|$)|vitest(/|$)|fast-check$|\\.{1,2}/).*",
          message: "core tests import only effect, temporal-polyfill, vitest, fast-check and core's own files.",
        }],
      }],
    },
  },
  {
    files: ["adapters/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{
          regex: "^@portal/(server|web|cli|tests|fixtures)(/|$)",
          message: "adapters import core only, never server, web, cli or fixtures.",
        }, { regex: "^(\\.\\./){3,}", message: "adapters import nothing outside adapters/ by path." }],
      }],
    },
  },
  {
    // Test code of adapters may use the fakes.
    files: ["adapters/test/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{ regex: "^@portal/(server|web|cli|tests)(/|$)", message: "adapters' tests import core, adapters and fixtures only." }],
      }],
    },
  },
  {
    files: ["fixtures/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{ regex: "^@portal/(server|web|cli|tests)(/|$)", message: "fixtures build on core (and adapters) only." }],
      }],
    },
  },
  ...[["server", "web|cli"], ["web", "server|cli"], ["cli", "server|web"]].map(([app, others]) => ({
    // The apps meet only in core and adapters; fixtures (fakes, demo data) serve tests and the demo loader.
    files: [`${app}/src/**/*.{ts,tsx}`],
    ignores: app === "server" ? ["server/src/seed/loadDemo.ts", "server/src/main.ts"] : [],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          { regex: `^@portal/(${others}|tests|fixtures)(/|$)`, message: `${app} imports core and adapters only (fixtures only in tests and the demo loader).` },
          { regex: "^(\\.\\./){3,}", message: `${app} imports nothing outside ${app}/ by path.` },
        ],
        // Blueprint's Tag measures its label after every render (a forced layout in each commit).
        ...(app === "web" ? { paths: [{ name: "@blueprintjs/core", importNames: ["Tag"], message: "Use shell/controls/Tag: it cuts the label by CSS instead of measuring it." }] } : {}),
      }],
    },
  })),
  {
    files: ["core/**/*.{ts,tsx}"],
    ignores: ["core/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error",
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Time comes from the Clock port." },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "Time comes from the Clock port." },
      ],
    },
  },
);
