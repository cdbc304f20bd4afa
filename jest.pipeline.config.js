// The lead pipeline's tests against real services: a throwaway PostgreSQL cluster, an SMTP
// listener and a webhook receiver, started by the tests themselves on ports 9600-9799.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests/pipeline"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  modulePathIgnorePatterns: [
    "<rootDir>/.cache",
    "<rootDir>/public",
    "<rootDir>/dist",
    "<rootDir>/decap",
  ],
  globalSetup: "<rootDir>/tests/compile-server.mjs",
  // One file at a time: each starts servers of its own, and two cores are all CI has.
  maxWorkers: 1,
  testTimeout: 120_000,
};
