// Lint rules: TypeScript, React hooks, accessibility, Testing Library practice in tests, and the
// boundaries between the places code runs (browser, build, server, anywhere): see docs/testing.md.
import { builtinModules } from "node:module";
import js from "@eslint/js";
import jestDom from "eslint-plugin-jest-dom";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import testingLibrary from "eslint-plugin-testing-library";
import globals from "globals";
import tseslint from "typescript-eslint";

// Where code runs shows in its path. Tests and their helpers run in jest (Node with jsdom) and
// may use both sides; they are held by the rules of tests below instead.
const tests = ["**/__tests__/**", "src/test-utils/**"];
const browser = [
  "src/{pages,templates,components,features,hooks,lib,start-up,styles,images,cms}/**",
  "gatsby-browser.tsx",
  // Gatsby renders the same components into HTML at build time: SSR code is browser code.
  "gatsby-ssr.tsx",
];
// src/cms/settings.ts is plain data read by the build (the admin's CSP, gatsby-config.ts) and by
// the admin: it is held to the rules of code that runs anywhere. src/cms/local-backend.mjs is
// the Node launcher of `npm run cms`.
const cmsAnywhere = ["src/cms/settings.ts"];
const cmsNode = ["src/cms/local-backend.mjs"];
const build = ["src/build/**", "gatsby-node.ts", "gatsby-config.ts"];
const server = ["src/server/**", "src/api/**"];
const anywhere = ["src/shared/**", ...cmsAnywhere];

const browserFolders = "pages|templates|components|features|hooks|lib|start-up|styles|images|cms";
const nodeFolders = "server|build|api";
/**
 * A relative import of one of the `folders` of src/: `./src/x` from the root, `../x`,
 * `../../x`… from inside src/ (a `./x` stays in the importing file's own folder).
 */
const into = (folders) => `^(?:\\./src/|(?:\\.\\./)+(?:src/)?)(?:${folders})(?:/|$)`;
// Node's own modules, with or without `node:` (fs, fs/promises, …).
const nodeBuiltins = `^(?:node:|(?:${builtinModules.filter((name) => !name.startsWith("_")).join("|")})(?:/|$))`;

const noNode = {
  regex: nodeBuiltins,
  message: "Node's modules do not exist in the browser: this code runs in the browser.",
};
const noReact = {
  regex: "^(?:react|react-dom)(?:/|$)",
  message: "React belongs to the browser and SSR folders, not to Node code or src/shared/.",
};

// Globals of one side that the other does not have. `globals` lists what Node has today;
// navigator, localStorage and sessionStorage are there only from Node 22, after the Node 20
// this site runs on.
const browserNames = new Set(Object.keys(globals.browser));
const nodeNames = new Set(Object.keys(globals.node));
const nodeOnlyGlobals = [...nodeNames].filter((name) => !browserNames.has(name));
const browserOnlyGlobals = [
  ...[...browserNames].filter((name) => !nodeNames.has(name)),
  "navigator",
  "localStorage",
  "sessionStorage",
];
const restricted = (names, message) =>
  names.filter((name) => name !== "process").map((name) => ({ name, message }));
const inBrowser = "a Node global: this code runs in the browser (see eslint.config.mjs)";
const inNode = "a browser global: this code runs in Node (see eslint.config.mjs)";

// `process` in browser code: webpack replaces `process.env.GATSBY_*` and `process.env.NODE_ENV`
// by their values at build time (Gatsby's documented way of giving the browser its settings),
// so exactly those two forms are allowed; any other use of `process` would fail in the browser.
const gatsbyEnv = "/^(?:GATSBY_[A-Z0-9_]+|NODE_ENV)$/";
const processInBrowser = [
  {
    selector:
      "Identifier[name='process']:not(MemberExpression > Identifier.property, Property > Identifier.key, MemberExpression[property.name='env'] > Identifier.object)",
    message: `process is ${inBrowser}; only process.env.GATSBY_* and NODE_ENV are inlined.`,
  },
  {
    selector:
      "MemberExpression[object.name='process'][property.name='env']:not(MemberExpression[computed=false][property.name=" +
      gatsbyEnv +
      "] > .object)",
    message: `process.env is ${inBrowser}; only process.env.GATSBY_* and NODE_ENV are inlined.`,
  },
];

export default tseslint.config(
  {
    ignores: ["node_modules", ".cache", "public", "data", "test-results", "src/gatsby-types.d.ts"],
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
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noNode,
            {
              regex: into(nodeFolders),
              message:
                "Browser code imports neither src/server/ nor src/build/: put what both need in src/shared/.",
            },
          ],
        },
      ],
      "no-restricted-globals": ["error", ...restricted(nodeOnlyGlobals, `This is ${inBrowser}.`)],
      "no-restricted-syntax": ["error", ...processInBrowser],
    },
  },
  {
    files: [...build, ...server, ...cmsNode],
    ignores: tests,
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noReact,
            {
              // The admin's settings (src/cms/settings.ts) are code that runs anywhere.
              regex: into(browserFolders.replace("cms", "cms(?!/settings$)")),
              message:
                "Node code imports no browser folder (src/components, src/features, src/lib, …): put what both need in src/shared/.",
            },
          ],
        },
      ],
      "no-restricted-globals": ["error", ...restricted(browserOnlyGlobals, `This is ${inNode}.`)],
    },
  },
  {
    files: anywhere,
    ignores: tests,
    languageOptions: { globals: { ...globals["shared-node-browser"] } },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { ...noNode, message: "src/shared/ runs anywhere: it imports no Node module." },
            { ...noReact, message: "src/shared/ runs anywhere: it imports no React." },
            {
              regex: "^gatsby(?:-|/|$)",
              message: "src/shared/ runs anywhere: it imports no Gatsby.",
            },
            {
              regex: into(`${browserFolders}|${nodeFolders}`),
              message: "src/shared/ imports neither browser nor Node code.",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        ...restricted(nodeOnlyGlobals, "src/shared/ runs anywhere: no Node global."),
        ...restricted(browserOnlyGlobals, "src/shared/ runs anywhere: no browser global."),
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "Identifier[name='process']:not(MemberExpression > Identifier.property, Property > Identifier.key)",
          message: "src/shared/ runs anywhere: it reads no environment; pass settings in.",
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
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
