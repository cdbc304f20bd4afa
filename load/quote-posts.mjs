// @ts-check
// What the load scripts send and how they read it: valid quote requests, each one a different
// organisation with an Idempotency-Key of its own and an anti-bot challenge solved in advance
// (solving one takes longer than the server's answer: solved while timed, they would measure
// the client), and the percentiles of what was measured.

/**
 * An autocannon `setupRequest` that makes each request a valid post, taking one solved challenge
 * from `solved` each time (it throws when there are none left: the pool must be raised), and how
 * many it has made.
 * @param {Record<string, string>[]} solved headers of solved challenges (personHeadersPool)
 * @param {string} name the script's, in the keys and the error
 */
export function validPosts(solved, name) {
  let posted = 0;
  /** @param {import("autocannon").Request} request */
  const setupRequest = (request) => {
    posted += 1;
    const person = solved.pop();
    if (!person) throw new Error(`${name}: more posts than solved challenges; raise the pool`);
    request.headers = {
      ...request.headers,
      ...person,
      "content-type": "application/json",
      "idempotency-key": `${name}-${process.pid}-${posted}`,
    };
    request.body = JSON.stringify({
      firstName: "Jeanne",
      lastName: "Dupont",
      email: "jeanne.dupont@office-hlm.fr",
      phone: "01 23 45 67 89",
      company: `Office HLM n° ${posted}`,
      message: "Nous souhaitons externaliser le recouvrement de 120 dossiers d'impayés.",
      rgpd: true,
    });
    return request;
  };
  return { setupRequest, made: () => posted };
}

/**
 * The value below which `share` of `values` fall (nearest rank).
 * @param {number[]} values
 * @param {number} share
 */
export const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]
  );
};
