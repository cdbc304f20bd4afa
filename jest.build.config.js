// Tests over the production build in public/: run after `npm run build`.
const base = require("./jest.config");

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public"],
  roots: ["<rootDir>/tests/build"],
};
