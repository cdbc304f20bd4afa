import { createHash } from "node:crypto";
import { quoteFields, type QuoteRequest } from "../../shared/quote-request/quote-request";

/**
 * SHA-256 (hex) of the request's canonical JSON: its fields in the form's order, after the
 * schema's cleaning. Two submissions a visitor would call the same (a retry, extra spaces around
 * a value) have one fingerprint; any other difference gives another.
 */
export function requestFingerprint(request: QuoteRequest): string {
  const canonical = JSON.stringify(quoteFields.map((field) => [field, request[field]]));
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}
