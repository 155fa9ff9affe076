// ESLint for the page's JavaScript (src/millebornes/web/static/js), run from the repository's
// root as .ci/run and pre-commit do:
//   tests/browser_tools/node_modules/.bin/eslint -c tests/browser_tools/eslint.config.mjs src/millebornes/web/static/js
// Its types are tsc's (tsconfig.json here).
import js from "@eslint/js";
import globals from "globals";

const MARKUP = "markup goes in through dom.js's setHTML, made by its html template (values escaped)";

export default [
  js.configs.recommended,
  {
    files: ["src/millebornes/web/static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
      "no-restricted-properties": ["error",
        { property: "innerHTML", message: MARKUP },
        { property: "outerHTML", message: MARKUP },
        { property: "insertAdjacentHTML", message: MARKUP },
      ],
    },
  },
  {
    // The one place markup is written.
    files: ["src/millebornes/web/static/js/dom.js"],
    rules: { "no-restricted-properties": "off" },
  },
];
