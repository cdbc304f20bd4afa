// @ts-check
// The admin's local backend for `npm run cms`: decap-server on CMS_PORT (8081 by default, as in
// src/cms/settings.ts), in its git mode, so that the editorial workflow works as on GitHub: a
// draft is a branch `cms/<collection>/<entry>` of this working copy (or of GIT_REPO_DIRECTORY),
// its status the branch's description, and publishing merges it into CMS_BRANCH (main), whose
// files in content/ then change. decap-server reads PORT (which gatsby develop would read too) and
// MODE from the environment: this script sets both for it, so neither is the operator's to set.
Object.assign(process.env, { PORT: process.env.CMS_PORT ?? "8081", MODE: "git" });
await import("decap-server");
