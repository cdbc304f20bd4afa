// decap-server ships no types; src/cms/local-backend.mjs imports it only to start it.
declare module "decap-server";
