// ESLint (flat config): @eslint/js and typescript-eslint recommended everywhere (not the type-checked sets: the
// lint must stay fast), the React hooks rules on the client. Formatting is Prettier's (.prettierrc.json): no
// stylistic rules here. `npm run lint` runs both; `npm run format` rewrites.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores([
    "**/node_modules/",
    "**/dist/",
    "client/generated/",
    "server/db/generated/",
    "coverage/",
    "bench-results/",
    "test-results/",
    "data/",
    "uploads/",
  ]),
  {
    files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: {
      // `_`-named bindings are deliberately unused: fields left out of a rest object, skipped arguments.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The browser's code (client/tools/ holds Node scripts that write the client's art and icons).
    files: ["client/**/*.{ts,tsx}"],
    ignores: ["client/tools/**"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // The site's CSP allows no eval: Playwright evaluates a string predicate again on each poll, which the page
    // refuses once the first check has failed (a test that passes on a fast machine and fails under load).
    files: ["tests/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='waitForFunction'] > :matches(Literal, TemplateLiteral).arguments:first-child",
          message: "waitForFunction with a function, not a string: the CSP refuses the string's eval on the next poll.",
        },
      ],
    },
  },
]);
