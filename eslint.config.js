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
          regex: "^@portal/(server|web|cli|tests)(/|$)",
          message: "adapters import core only, never server, web or cli.",
        }],
      }],
    },
  },
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
