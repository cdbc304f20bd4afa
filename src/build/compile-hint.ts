// Step 3 of the first load (see src/start-up/first-load.ts): V8's compile hint at the top of every bundle
// that runs while the page starts. Nearly every function of those bundles runs during start-up
// and hydration; with this comment (Chromium 136 and later; others ignore it) V8 compiles them on
// a background thread while the file downloads, instead of one by one on the main thread when
// first called: the start-up task on a slow phone is about a third shorter. A chunk loaded on
// demand later (the quote form's) does not get it: most of its functions wait for the visitor,
// and compiling them all at once would only take time from the main thread when it arrives.
// src/build/webpack.ts adds the hint; tests/build checks which bundles carry it.

export const compileHint = "//# allFunctionsCalledOnLoad";

/** The chunks a dynamic `import()` loads after start-up, by their `webpackChunkName`. */
const onDemandChunkNames = ["quote-form"] as const;

/** A content-hashed file of one of those chunks, as webpack names it (`quote-form-<hash>.js`). */
export const onDemandBundle = new RegExp(
  `^(?:${onDemandChunkNames.join("|")})-[0-9a-f]+\\.js$`,
  "u",
);
