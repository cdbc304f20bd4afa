import redaxios from "redaxios";
import { toast } from "react-toastify";
import type { ErrorBody } from "../shared/quote-request/quote-api";

// The one HTTP module: every call to the quote API goes through here, so timeouts, the error
// toast and the failure passed on to the caller behave the same everywhere.

export const requestTimeoutMs = 15_000;
export const defaultErrorMessage = "Une erreur est survenue";

/** `GATSBY_API_URL` at build time, else the site's own embedded endpoint. */
export function apiBaseUrl(configured: string | undefined = process.env.GATSBY_API_URL): string {
  const value = configured?.trim();
  return value ? value.replace(/\/+$/, "") : "/api";
}

// redaxios has no timeout option; a fetch whose signal aborts after 15 s gives it one.
// AbortSignal.timeout is missing before Safari 16: an AbortController does the same there.
function timeoutSignal(ms: number): AbortSignal {
  if (typeof AbortSignal.timeout === "function") return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException("Délai dépassé", "TimeoutError")), ms);
  return controller.signal;
}

const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: timeoutSignal(requestTimeoutMs) });

const http = redaxios.create({
  baseURL: apiBaseUrl(),
  fetch: fetchWithTimeout,
  headers: { Accept: "application/json" },
});

/**
 * The message a visitor reads for a failed call: the first detail's message, then the
 * response's messageText, then the default. redaxios rejects with the response on a non-2xx
 * answer and with an error (TypeError, TimeoutError) when there is no answer at all.
 */
export function errorMessage(failure: unknown): string {
  const body = (failure as { data?: unknown } | null)?.data;
  if (body && typeof body === "object") {
    // The body comes from the network: every part of the declared shape is checked before use.
    const { details, messageText } = body as Partial<Record<keyof ErrorBody, unknown>>;
    const detail = Array.isArray(details)
      ? (details[0] as { message?: unknown } | undefined)?.message
      : undefined;
    if (typeof detail === "string" && detail.trim()) return detail;
    if (typeof messageText === "string" && messageText.trim()) return messageText;
  }
  return defaultErrorMessage;
}

function showError(failure: unknown): never {
  const message = errorMessage(failure);
  // The message doubles as the toast's id, so one repeated error never stacks.
  toast.error(message, { toastId: message });
  throw failure;
}

export async function postJson<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  try {
    const response = await http.post<T>(path, body, { headers });
    return response.data;
  } catch (failure) {
    return showError(failure);
  }
}
