import { apiBaseUrl } from "../../lib/api-client";
import { startAltchaWorker } from "./altcha-worker";

// The proof of work the embedded endpoint asks of each quote request (ALTCHA, see
// src/server/spam/challenge.ts). It starts when the visitor first types in the form, so that it
// is done long before they send; a submit that comes first waits for it under the spinner. An
// external API (GATSBY_API_URL) has its own defences: no challenge is fetched nor sent there.

export const needsProofOfWork = apiBaseUrl() === "/api";

let current: Promise<string | null> | undefined;

/** Fetches a challenge and solves it in a Web Worker; resolves to the payload, or null. */
function solve(): Promise<string | null> {
  // Every browser the site supports has workers; without one the request goes without a
  // solution, and the endpoint's refusal says so in the toast.
  if (typeof Worker === "undefined" || typeof fetch === "undefined") return Promise.resolve(null);
  return fetch(`${apiBaseUrl()}/challenge`, { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then((challenge) =>
      challenge === null
        ? null
        : new Promise<string | null>((resolve) => {
            const worker = startAltchaWorker();
            const finish = (payload: string | null) => {
              worker.terminate();
              resolve(payload);
            };
            worker.onmessage = (event: MessageEvent<string | null>) => finish(event.data);
            worker.onerror = () => finish(null);
            worker.postMessage(challenge);
          }),
    )
    .catch(() => null);
}

/** Starts solving a challenge, unless one is already being solved or waiting to be sent. */
export function startProofOfWork(): void {
  if (!needsProofOfWork || current) return;
  current = solve();
}

/**
 * The solution for the request being sent, waiting for it if need be. Each solution is accepted
 * once by the endpoint, so it is handed out once: the next request gets a fresh one.
 */
export async function takeProofOfWork(): Promise<string | null> {
  if (!needsProofOfWork) return null;
  startProofOfWork();
  const solution = current;
  current = undefined;
  return (await solution) ?? null;
}
