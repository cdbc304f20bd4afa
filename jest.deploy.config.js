// Publishing on push with the real site (tests/deploy/): Gatsby builds in a working copy beside
// the server. Run on its own, after the other suites (npm test): its builds take both cores, and
// beside the browser tests they would slow what those measure.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests/deploy"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  modulePathIgnorePatterns: [
    "<rootDir>/.cache",
    "<rootDir>/public",
    "<rootDir>/dist",
    "<rootDir>/decap",
  ],
  // The server's app is built here too (the previews' origins): its ES-module packages compiled
  // as the unit tests compile them.
  transformIgnorePatterns: require("./jest.config.js").transformIgnorePatterns,
  globalSetup: "<rootDir>/tests/compile-server.mjs",
  testTimeout: 600_000,
};
