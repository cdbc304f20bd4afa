// Unit and component tests, after Gatsby's documented jest recipe.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "jsdom",
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  moduleNameMapper: {
    // CSS modules resolve to their class names, so components render with readable classes.
    ".+\\.(css|styl|less|sass|scss)$": "identity-obj-proxy",
    ".+\\.(jpg|jpeg|png|gif|webp|avif|svg|woff2?)$": "<rootDir>/__mocks__/file-mock.js",
  },
  // A build leaves copies of packages in .cache/ that would shadow the real ones.
  modulePathIgnorePatterns: [
    "<rootDir>/.cache",
    "<rootDir>/public",
    "<rootDir>/dist",
    "<rootDir>/decap",
  ],
  globalSetup: "<rootDir>/tests/compile-server.mjs",
  testPathIgnorePatterns: [
    "node_modules",
    "\\.cache",
    "<rootDir>/public",
    "<rootDir>/e2e",
    "<rootDir>/tests/build",
    // Needs PostgreSQL, SMTP and a webhook receiver: npm run test:pipeline (jest.pipeline.config.js).
    "<rootDir>/tests/pipeline",
    // Builds the real site in a working copy: npm run test:deploy (jest.deploy.config.js).
    "<rootDir>/tests/deploy",
  ],
  // gatsby ships untranspiled ES modules that babel-jest must compile, and so does
  // content-disposition 3 (under @fastify/static), cookie 2 (under light-my-request, Fastify's inject), altcha-lib and @noble/hashes: each package is judged by its innermost
  // node_modules folder, so a nested copy is compiled too.
  transformIgnorePatterns: [
    "node_modules/(?!.*node_modules/)(?!(gatsby|gatsby-script|gatsby-link|gatsby-plugin-image|jotai-tanstack-query|content-disposition|cookie|@fastify/cookie|altcha-lib|@noble/hashes)/)",
  ],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
  // The form's tests type whole forms key by key (about 4 s each on two cores): jest's 5 s default
  // fails them whenever the machine is busy, which says nothing about the form.
  testTimeout: 20_000,
  testEnvironmentOptions: { url: "http://localhost/", customExportConditions: [""] },
  globals: { __PATH_PREFIX__: "", __BASE_PATH__: "" },
};
