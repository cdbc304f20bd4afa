import { sha256 } from "@noble/hashes/sha2.js";
import { solveChallenge } from "altcha-lib";
import type { Challenge, DeriveKeyFunction } from "altcha-lib/types";

// Solves the endpoint's ALTCHA challenge off the main thread, so the page stays responsive while
// the visitor types. Receives the challenge, answers with ALTCHA's base64 payload, or null when
// no solution was found (a challenge that is not ours, or a minute gone by).

/**
 * ALTCHA's "SHA-256" key derivation (altcha-lib/algorithms/web/sha computes the same), with a
 * synchronous SHA-256: Web Crypto's digest is asynchronous and costs about three times as much
 * per call for inputs this small, and the counter is tried tens of thousands of times.
 */
const deriveKey: DeriveKeyFunction = (parameters, salt, password) => {
  if (parameters.algorithm !== "SHA-256") {
    return Promise.reject(new Error(`Unsupported algorithm: ${parameters.algorithm}`));
  }
  let key = new Uint8Array(salt.length + password.length);
  key.set(salt);
  key.set(password, salt.length);
  for (let round = 0; round < Math.max(1, parameters.cost); round += 1) key = sha256(key);
  return Promise.resolve({ derivedKey: key.slice(0, parameters.keyLength ?? 32) });
};

type WorkerScope = { onmessage: ((event: MessageEvent<Challenge>) => void) | null } & {
  postMessage(message: string | null): void;
};
const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: challenge }) => {
  void solveChallenge({ challenge, deriveKey, timeout: 60_000 }).then(
    (solution) =>
      scope.postMessage(solution ? btoa(JSON.stringify({ challenge, solution })) : null),
    () => scope.postMessage(null),
  );
};
