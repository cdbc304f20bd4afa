// Lint rules: TypeScript, React hooks, accessibility, Testing Library practice in tests, and what
// types cannot hold of the boundaries between the places code runs (tsconfig.json holds the rest).
import js from "@eslint/js";
import jestDom from "eslint-plugin-jest-dom";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import testingLibrary from "eslint-plugin-testing-library";
import globals from "globals";
import tseslint from "typescript-eslint";

// Where code runs is held by the type checker: tsconfig.json has one project per place, each with
// that place's globals and importing only from the projects it references (tried by
// tests/lint/runtime-split.test.ts). What remains here is what types cannot express, with why.
const tests = ["**/__tests__/**", "src/test-utils/**"];
const browser = [
  "src/{pages,templates,components,features,hooks,lib,islands,styles,images,cms}/**",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "plugins/*/gatsby-ssr.tsx",
];
// src/cms/settings.ts runs anywhere (tsconfig.shared.json); src/cms/local-backend.mjs is the Node
// launcher of `npm run cms` (tsconfig.build.json).
const cmsAnywhere = ["src/cms/settings.ts"];
const cmsNode = ["src/cms/local-backend.mjs"];
const node = [
  "src/build/**",
  "gatsby-node.ts",
  "gatsby-config.ts",
  "plugins/*/*.ts",
  "src/server/**",
  "src/api/**",
];
const anywhere = ["src/shared/**", ...cmsAnywhere];

// React's types resolve from every project, so the type checker cannot refuse them in Node code or
// in code that runs anywhere. The exceptions: the team inbox's pages and the previews' own, rendered to HTML by
// the server (react-dom/server), never hydrated, so no browser code.
const serverRenderedPages = [
  "src/server/team/pages/**",
  "src/server/http/routes/team/**",
  "src/server/http/previews/**",
];
const noReact = {
  regex: "^(?:react|react-dom)(?:/|$)",
  message: "React belongs to the browser and SSR folders, not to Node code or src/shared/.",
};

// webpack (and the islands' esbuild, plugins/gatsby-plugin-islands) replace
// `process.env.GATSBY_*` and `process.env.NODE_ENV` by their values at build time
// (Gatsby's documented way of giving the browser its settings), and only in that literal form.
// src/types/browser-process.d.ts gives browser code exactly those properties, but a type cannot
// tell `process.env.GATSBY_X` from `process.env["GATSBY_X"]`, `const { GATSBY_X } = process.env`
// or `process` passed around, which webpack leaves as they are and which fail in the browser.
const gatsbyEnv = "/^(?:GATSBY_[A-Z0-9_]+|NODE_ENV)$/";
const inBrowser =
  "webpack and the islands' build inline only process.env.GATSBY_* and process.env.NODE_ENV, written so";
const processInBrowser = [
  {
    selector:
      "Identifier[name='process']:not(MemberExpression > Identifier.property, Property > Identifier.key, MemberExpression[property.name='env'] > Identifier.object)",
    message: `process does not exist in the browser: ${inBrowser}.`,
  },
  {
    selector:
      "MemberExpression[object.name='process'][property.name='env']:not(MemberExpression[computed=false][property.name=" +
      gatsbyEnv +
      "] > .object)",
    message: `process.env does not exist in the browser: ${inBrowser}.`,
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      ".cache",
      "public",
      "dist",
      "data",
      "test-results",
      "src/gatsby-types.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  // Node everywhere but in the browser's folders and src/shared/ (configuration files, tests,
  // tooling); tests and the browser tests' page callbacks see the browser too.
  { languageOptions: { globals: { ...globals.node } } },
  {
    files: ["tests/**", ...tests],
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
  },
  {
    // page.evaluate() callbacks run in the page.
    files: ["e2e/**", "bench/**"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: browser,
    ignores: [...tests, ...cmsAnywhere, ...cmsNode],
    languageOptions: { globals: { ...globals.browser } },
    rules: { "no-restricted-syntax": ["error", ...processInBrowser] },
  },
  {
    files: [...node, ...cmsNode],
    ignores: tests,
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "no-restricted-imports": ["error", { patterns: [noReact] }],
      // @types/node declares them, but Node 24 has them only under --experimental-webstorage.
      "no-restricted-globals": [
        "error",
        ...["localStorage", "sessionStorage"].map((name) => ({
          name,
          message: `${name} is undefined in Node 24 (only under --experimental-webstorage): this code runs in Node.`,
        })),
      ],
    },
  },
  {
    files: serverRenderedPages,
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: anywhere,
    ignores: tests,
    languageOptions: { globals: { ...globals["shared-node-browser"] } },
    rules: {
      // Their types resolve from every project (and Gatsby's would bring @types/node with them).
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { ...noReact, message: "src/shared/ runs anywhere: it imports no React." },
            {
              regex: "^gatsby(?:-|/|$)",
              message: "src/shared/ runs anywhere: it imports no Gatsby.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // No source file over 300 lines, blank lines and comments counted (README, « Conventions »):
    // a file that grows past it is two concerns. Tests and generated files aside.
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    ignores: ["tests/**", "e2e/**", "**/*.test.*", ...tests],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    files: ["src/**/__tests__/**", "__mocks__/**", "jest.setup.ts"],
    languageOptions: { globals: { ...globals.jest } },
    ...testingLibrary.configs["flat/react"],
    plugins: { ...testingLibrary.configs["flat/react"].plugins, "jest-dom": jestDom },
    rules: {
      ...testingLibrary.configs["flat/react"].rules,
      ...jestDom.configs["flat/recommended"].rules,
    },
  },
);
