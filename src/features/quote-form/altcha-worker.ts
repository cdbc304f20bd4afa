/**
 * Starts the worker that solves the anti-bot challenge: a file of its own, served from the site's
 * origin, so that the CSP's worker-src 'self' lets it run and nothing is built from a blob.
 * webpack (`gatsby develop`) bundles the worker from this very pattern; the islands' build
 * (plugins/gatsby-plugin-islands) answers this module with the worker's built address instead.
 */
export const startAltchaWorker = (): Worker =>
  new Worker(new URL("./altcha.worker.ts", import.meta.url));
