import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { Created, ErrorBody, FieldDetail } from "../shared/quote-request/quote-api";
import { quoteFields, validateQuoteRequest } from "../shared/quote-request/quote-request";
import { pendingDeliveries } from "./delivery/pending";
import { requestFingerprint } from "./leads/fingerprint";
import type { Channel, Lead, LeadStore } from "./leads/lead-store";
import { oneLine } from "./one-line";
import { screenQuoteRequest, spamSettings, type SpamSettings } from "./spam/screen";

// The quote endpoint, once: method, headers, body and client address in; status, headers and a
// JSON body out. It knows no framework. The production server (src/server/http/) and the Gatsby
// Function (src/api/contact.ts, for `gatsby develop`) are thin adapters around it.

export const maxBodyBytes = 10 * 1024;

export const responseMessages = {
  methodNotAllowed: "Méthode non autorisée",
  notJson: "Le corps de la requête doit être du JSON (application/json)",
  tooLarge: "La demande dépasse la taille maximale de 10 Ko",
  malformedJson: "Le corps de la requête n'est pas un JSON valide",
  invalidIdempotencyKey: "En-tête Idempotency-Key invalide",
  keyReused:
    "Cet en-tête Idempotency-Key a déjà servi pour une autre demande : envoyez-la avec une nouvelle clé",
  invalidFields: "Certains champs sont invalides",
  notStored: "Votre demande n'a pas pu être enregistrée, veuillez réessayer",
} as const;

export interface QuoteEndpointRequest {
  method: string;
  /** Header names in lower case, as Node gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /**
   * The body as bytes already read, or as the request stream, which the endpoint reads itself and
   * stops reading past the limit. Undefined: no body.
   */
  body: Uint8Array | Readable | undefined;
  /** The client's address (after the trusted proxies, if any). */
  clientAddress: string;
}

export interface QuoteEndpointResponse {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody | Created;
}

/** What announces stored leads (src/server/delivery/runner.ts): email, acknowledgement, webhook. */
export interface LeadDelivery {
  /** The channels a lead stored now is owed; their state is stored with it. */
  channels(): Channel[];
  /** Delivers what is due (the new lead, and earlier failures past their back-off). Never rejects. */
  kick(): Promise<void>;
}

export interface QuoteEndpointOptions {
  /** The lead store; asked on each request, so that a failure to open it is a 500, not a crash. */
  store: () => Promise<LeadStore>;
  /** Without it, leads are stored and announced to no one. */
  delivery?: () => Promise<LeadDelivery>;
  /**
   * Answer only once the deliveries have been tried (4 s at most). On a functions host the instance may be
   * frozen as soon as it has answered, and a delivery left running would stall until the next
   * call; a long-running server answers first and delivers right after.
   */
  deliverBeforeAnswer?: boolean;
  now?: () => Date;
  /**
   * The anti-bot settings (src/server/spam), read once from the environment by default. Every
   * request needs a solved challenge, passes the rate limits, and may be quarantined.
   */
  spam?: SpamSettings;
}

export type QuoteEndpoint = (request: QuoteEndpointRequest) => Promise<QuoteEndpointResponse>;

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

const header = (request: QuoteEndpointRequest, name: string) => request.headers[name];

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

async function readBody(body: QuoteEndpointRequest["body"]): Promise<Buffer | typeof tooLarge> {
  if (body === undefined) return Buffer.alloc(0);
  if (body instanceof Uint8Array) {
    return body.length > maxBodyBytes ? tooLarge : Buffer.from(body);
  }
  return readLimited(body, maxBodyBytes);
}

const invalidKey = Symbol("invalid Idempotency-Key");

/** 1 to 200 visible ASCII characters; two headers arrive joined by ", " and so are refused. */
const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

function readIdempotencyKey(
  value: string | string[] | undefined,
): string | null | typeof invalidKey {
  if (value === undefined) return null;
  return typeof value === "string" && idempotencyKeyPattern.test(value) ? value : invalidKey;
}

// JSON is UTF-8 (RFC 8259): invalid bytes are refused rather than silently replaced with U+FFFD.
const utf8 = new TextDecoder("utf-8", { fatal: true });

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(utf8.decode(body)) };
  } catch {
    return { ok: false };
  }
}

/** One detail per failing field: the form's fields in form order, then any unexpected field. */
function fieldDetails(errors: Partial<Record<string, string>>): FieldDetail[] {
  const rank = (field: string) => {
    const index = (quoteFields as readonly string[]).indexOf(field);
    return index === -1 ? quoteFields.length : index;
  };
  return Object.entries(errors)
    .flatMap(([field, message]) => (message === undefined ? [] : [{ field, message }]))
    .sort((a, b) => rank(a.field) - rank(b.field));
}

function answer(
  status: number,
  body: ErrorBody | Created,
  headers: Record<string, string> = {},
): QuoteEndpointResponse {
  return {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
    body,
  };
}

const refuse = (status: number, messageText: string, headers?: Record<string, string>) =>
  answer(status, { messageText }, headers);

/**
 * How long an answer waits for the deliveries on a functions host: a slow relay must not make the
 * visitor's request outlive the host's time limit (10 s on Netlify). What is not done by then is
 * left pending, and retried by a later request or `npm run leads -- retry`.
 */
const deliveryWaitMs = 4000;

function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function createQuoteEndpoint({
  store,
  delivery,
  deliverBeforeAnswer = false,
  now = () => new Date(),
  spam,
}: QuoteEndpointOptions): QuoteEndpoint {
  let settings = spam;
  async function respond(request: QuoteEndpointRequest): Promise<QuoteEndpointResponse> {
    // OPTIONS is refused like any other method: the site posts from its own origin, so no CORS
    // preflight ever reaches this endpoint, and "Allow: POST" stays the whole truth.
    if (request.method !== "POST") {
      return refuse(405, responseMessages.methodNotAllowed, { allow: "POST" });
    }
    if (!isJsonMediaType(header(request, "content-type"))) {
      return refuse(415, responseMessages.notJson);
    }
    // Over the limit, the rest of the body is never read, and a connection with unread bytes in
    // it cannot carry another request: it is closed after the answer.
    if (declaredTooLarge(header(request, "content-length"))) {
      return refuse(413, responseMessages.tooLarge, { connection: "close" });
    }
    const body = await readBody(request.body);
    if (body === tooLarge) return refuse(413, responseMessages.tooLarge, { connection: "close" });

    const idempotencyKey = readIdempotencyKey(header(request, "idempotency-key"));
    if (idempotencyKey === invalidKey) {
      return refuse(400, responseMessages.invalidIdempotencyKey);
    }
    const json = parseJson(body);
    if (!json.ok) return refuse(400, responseMessages.malformedJson);

    const validation = validateQuoteRequest(json.value);
    if (!validation.valid) {
      return answer(422, {
        messageText: validation.formError ?? responseMessages.invalidFields,
        details: validation.formError ? [] : fieldDetails(validation.errors),
      });
    }

    const leadStore = await store();
    settings ??= spamSettings();
    const screening = await screenQuoteRequest({
      request: validation.request,
      headers: request.headers,
      clientAddress: request.clientAddress,
      store: leadStore,
      settings,
      now: now(),
    });
    if (screening.outcome === "refused") {
      console.warn(
        `[quote-endpoint] refused (${screening.reason}) from ${request.clientAddress || "?"}`,
      );
      return refuse(screening.status, screening.messageText, screening.headers);
    }

    const announce = await delivery?.();
    const lead: Lead = {
      id: randomUUID(),
      idempotencyKey,
      fingerprint: requestFingerprint(validation.request),
      receivedAt: now().toISOString(),
      request: validation.request,
      // Stored apart, answered like any other: a robot learns nothing from the answer. Its
      // deliveries wait, pending, until `npm run leads -- release` clears the quarantine.
      quarantine: screening.quarantine,
      deliveries: pendingDeliveries(announce?.channels() ?? []),
    };
    const saved = await leadStore.save(lead);
    // Stored (durably: the save resolves after the fsync or the commit), so now announced; a
    // replay or a conflict kicks too, which retries earlier failures past their back-off.
    if (announce) {
      const delivered = announce.kick();
      if (deliverBeforeAnswer) await settledWithin(delivered, deliveryWaitMs);
    }
    switch (saved.outcome) {
      case "created":
        return answer(201, { id: saved.lead.id });
      case "replayed":
        return answer(201, { id: saved.lead.id }, { "idempotent-replayed": "true" });
      case "conflict":
        // The IETF Idempotency-Key draft's answer to a key reused with another payload.
        return refuse(422, responseMessages.keyReused);
    }
  }

  // Never throws: any failure (the store unreachable, a disk error) is the French 500 the form
  // shows, and the cause goes to the server's log.
  return async (request) => {
    try {
      return await respond(request);
    } catch (error) {
      // One line, the cause named (ECONNREFUSED, EROFS, DATABASE_URL…), for logs read with grep.
      console.error(`[quote-endpoint] quote request not stored: ${oneLine(error)}`);
      return refuse(500, responseMessages.notStored);
    }
  };
}
