import { postJson } from "../../lib/api-client";
import type { Created } from "../../shared/quote-request/quote-api";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";

/**
 * POST {API}/contact; a retry of the same content sends the same Idempotency-Key. `headers` are
 * the anti-bot signals (form-signals.ts), beside the body rather than in it.
 */
export function sendQuoteRequest(
  request: QuoteRequest,
  idempotencyKey: string,
  headers: Record<string, string> = {},
): Promise<Created> {
  return postJson<Created>("/contact", request, { ...headers, "Idempotency-Key": idempotencyKey });
}

/** A random UUID, also where `crypto.randomUUID` is missing (plain-HTTP pages). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
