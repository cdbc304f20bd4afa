import { needsProofOfWork, takeProofOfWork } from "./proof-of-work";

// What the embedded endpoint learns about how a request was filled, sent as headers so that the
// body stays the seven fields of docs/product.md: the ALTCHA solution, the time from the first input
// to the submit, and the hidden "Site web" field that only robots fill. The endpoint quarantines
// a request filled too fast or with that field set (src/server/spam/suspicion.ts).

let firstInputAt: number | undefined;

/** The visitor's first input in the form (or the form taking over fields typed before). */
export function noteFirstInput(): void {
  firstInputAt ??= Date.now();
}

/** The headers of one submit: waits for the proof of work if it is not done yet. */
export async function antiBotHeaders(website: string): Promise<Record<string, string>> {
  if (!needsProofOfWork) return {};
  const solution = await takeProofOfWork();
  const headers: Record<string, string> = {
    "Quote-Form-Elapsed": String(Date.now() - (firstInputAt ?? Date.now())),
  };
  if (solution) headers.Altcha = solution;
  // Percent-encoded: a header carries Latin-1 only, and a robot may type anything.
  if (website !== "") headers["Quote-Form-Website"] = encodeURIComponent(website);
  return headers;
}

/** After a success the form is empty: the next request is timed from its own first input. */
export function resetFormSignals(): void {
  firstInputAt = undefined;
}
