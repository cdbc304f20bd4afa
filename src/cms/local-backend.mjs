// The admin's local backend for `npm run cms`: decap-server on CMS_PORT (8081 by default, as in
// src/cms/settings.ts), writing straight into the Markdown files of this working copy (or of
// GIT_REPO_DIRECTORY). It reads PORT, which gatsby develop would read too: set it here only.
process.env.PORT = process.env.CMS_PORT ?? "8081";
await import("decap-server");
