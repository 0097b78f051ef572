// ESLint (flat config): @eslint/js and typescript-eslint recommended everywhere (not the type-checked sets: the
// lint must stay fast), the React hooks rules on the client. Formatting is Prettier's (.prettierrc.json): no
// stylistic rules here. `npm run lint` runs both; `npm run format` rewrites.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import i18next from "eslint-plugin-i18next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The control panel's files already in its language (docs/frontend.md, "Control panel texts"): the ONE list of them.
 * A screen's folder or file goes here once its texts come from its namespace; the rule below then fails on any
 * English left in its JSX (text, or a literal in a JSX expression or in one of TEXT_PROPS).
 */
const TRANSLATED = [
  "client/control/i18n.tsx",
  "client/control/session.tsx",
  "client/control/components/**/*.tsx",
  "client/control/screens/NotFound.tsx",
  "client/control/screens/Home.tsx",
  "client/control/screens/auth/**/*.tsx",
  "client/control/screens/staff/AcceptInvitation.tsx",
  "client/control/screens/account/**/*.tsx",
  "client/control/screens/activities/**/*.tsx",
  "client/control/screens/dispatch/**",
  "client/control/screens/settings/**",
  "client/control/screens/dashboard/**",
  "client/control/screens/staff/StaffList.tsx",
  "client/control/screens/reviews/**",
  "client/control/screens/email/**",
  "client/control/screens/pages/**",
  "client/control/screens/invoice/**",
  "client/control/screens/webhooks/**",
  "client/control/screens/apikeys/**",
  "client/control/screens/audit/**",
  "client/control/screens/rates/**",
  "client/control/screens/cod/**",
  "client/control/screens/run/**",
  "client/control/screens/scan/**",
  "client/modules/delivery/DeliveryProofForm.tsx",
  "client/modules/delivery/CodPayment.tsx",
  "client/modules/delivery/SignaturePad.tsx",
  "client/control/screens/shippers/**",
  "client/control/screens/messages/**",
  "client/control/screens/parcels/**",
];
/** The props whose strings a person reads (an icon's path, a link's `to`, a test id are not). */
const TEXT_PROPS = [
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "alt",
  "title",
  "placeholder",
  "label",
  "hint",
  "sub",
  "backLabel",
  "emptyText",
  "text",
  "confirmLabel",
  "help",
  "legend",
  "caption",
  "summary",
  "description",
  "message",
  "heading",
  "what",
];

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
  {
    files: TRANSLATED,
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        { mode: "jsx-only", "jsx-attributes": { include: TEXT_PROPS }, message: "a text the member reads comes from the control panel's texts (t)" },
      ],
    },
  },
]);
