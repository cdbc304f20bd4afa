// Moved beside the store contracts (src/test-utils/leads.ts), which run in npm test too.
export * from "../../../src/test-utils/leads";
