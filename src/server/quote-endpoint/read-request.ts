import type { Readable } from "node:stream";
import { optional, pattern, string, type, validate } from "superstruct";
import type { FieldDetail } from "../../shared/quote-request/quote-api";
import {
  quoteFields,
  validateQuoteRequest,
  type FieldErrors,
  type QuoteRequest,
} from "../../shared/quote-request/quote-request";
import { answer, refuse, responseMessages, type QuoteEndpointResponse } from "./answers";

// The request read as the endpoint trusts it: method, media type, a body of 10 KiB at most (never
// read further), a well-formed Idempotency-Key, JSON in UTF-8, fields valid against the form's
// own schema. Anything else is its answer (405, 415, 413, 400, 422), before any store is touched.
// The production server declares the same rules to Fastify (src/server/http/routes/quote-routes.ts);
// the Gatsby Function, whose body parsers cannot be trusted with them, reads with
// readQuoteRequest below.

export const maxBodyBytes = 10 * 1024;

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const tooLarge = Symbol("body over the limit");

/**
 * Reads a stream's bytes, at most `limit`: past it, stops listening and leaves the rest unread
 * (the answer then closes the connection, see `answer`).
 */
export function readLimited(stream: Readable, limit: number): Promise<Buffer | typeof tooLarge> {
  if (stream.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.off("aborted", onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        stream.pause();
        resolve(tooLarge);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onAborted = () => onError(new Error("request aborted"));
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onError);
    stream.on("aborted", onAborted);
  });
}

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
function isJsonMediaType(contentType: string | string[] | undefined): boolean {
  if (typeof contentType !== "string") return false;
  return contentType.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** The declared length, when it already says the body is too large. */
function declaredTooLarge(contentLength: string | string[] | undefined): boolean {
  return typeof contentLength === "string" && /^\d+$/.test(contentLength)
    ? Number(contentLength) > maxBodyBytes
    : false;
}

async function readBody(
  body: Uint8Array | Readable | undefined,
): Promise<Buffer | typeof tooLarge> {
  if (body === undefined) return Buffer.alloc(0);
  if (body instanceof Uint8Array) {
    return body.length > maxBodyBytes ? tooLarge : Buffer.from(body);
  }
  return readLimited(body, maxBodyBytes);
}

const invalidKey = Symbol("invalid Idempotency-Key");

/**
 * The headers the endpoint reads itself. Idempotency-Key: 1 to 200 visible ASCII characters; two
 * headers arrive joined by ", " and so are refused.
 */
export const QuoteHeaders = type({
  "idempotency-key": optional(pattern(string(), /^[\x21-\x7e]{1,200}$/)),
});

function readIdempotencyKey(headers: Headers): string | null | typeof invalidKey {
  const [error, checked] = validate(headers, QuoteHeaders);
  return error ? invalidKey : (checked["idempotency-key"] ?? null);
}

// JSON is UTF-8 (RFC 8259): invalid bytes are refused rather than silently replaced with U+FFFD.
const utf8 = new TextDecoder("utf-8", { fatal: true });

export function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(utf8.decode(body)) };
  } catch {
    return { ok: false };
  }
}

/** One detail per failing field: the form's fields in form order, then any unexpected field. */
function fieldDetails(errors: FieldErrors): FieldDetail[] {
  const rank = (field: string) => {
    const index = (quoteFields as readonly string[]).indexOf(field);
    return index === -1 ? quoteFields.length : index;
  };
  return Object.entries(errors)
    .flatMap(([field, message]) => (message === undefined ? [] : [{ field, message }]))
    .sort((a, b) => rank(a.field) - rank(b.field));
}

/** The 422 for fields that fail the form's schema: each field's French message, in form order. */
export function invalidFieldsAnswer(invalid: {
  errors: FieldErrors;
  formError?: string;
}): QuoteEndpointResponse {
  return answer(422, {
    messageText: invalid.formError ?? responseMessages.invalidFields,
    details: invalid.formError ? [] : fieldDetails(invalid.errors),
  });
}

export type ReadRequest =
  | { ok: true; idempotencyKey: string | null; request: QuoteRequest }
  | { ok: false; answer: QuoteEndpointResponse };

export async function readQuoteRequest(
  method: string,
  headers: Headers,
  body: Uint8Array | Readable | undefined,
): Promise<ReadRequest> {
  const refused = (response: QuoteEndpointResponse): ReadRequest => ({
    ok: false,
    answer: response,
  });
  // OPTIONS is refused like any other method: the site posts from its own origin, so no CORS
  // preflight ever reaches this endpoint, and "Allow: POST" stays the whole truth.
  if (method !== "POST") {
    return refused(refuse(405, responseMessages.methodNotAllowed, { allow: "POST" }));
  }
  if (!isJsonMediaType(headers["content-type"])) {
    return refused(refuse(415, responseMessages.notJson));
  }
  // Over the limit, the rest of the body is never read, and a connection with unread bytes in
  // it cannot carry another request: it is closed after the answer.
  const closing = { connection: "close" };
  if (declaredTooLarge(headers["content-length"])) {
    return refused(refuse(413, responseMessages.tooLarge, closing));
  }
  const bytes = await readBody(body);
  if (bytes === tooLarge) return refused(refuse(413, responseMessages.tooLarge, closing));

  const idempotencyKey = readIdempotencyKey(headers);
  if (idempotencyKey === invalidKey) {
    return refused(refuse(400, responseMessages.invalidIdempotencyKey));
  }
  const json = parseJson(bytes);
  if (!json.ok) return refused(refuse(400, responseMessages.malformedJson));

  const validation = validateQuoteRequest(json.value);
  if (!validation.valid) return refused(invalidFieldsAnswer(validation));
  return { ok: true, idempotencyKey, request: validation.request };
}
