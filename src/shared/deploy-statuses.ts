// The commit statuses our server reports for its builds (src/server/deploy/commit-status.ts),
// and which the admin reads back: Decap's editorial workflow shows « Voir l'aperçu » with the
// link of the draft's status whose context is its `preview_context` (src/cms/settings.ts).

/** A draft's preview. */
export const previewStatusContext = "deploy/apercu";

/** The published branch's deploy. */
export const publicationStatusContext = "deploy/publication";
