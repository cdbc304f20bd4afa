import { randomUUID } from "node:crypto";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import { requestFingerprint } from "../leads/fingerprint";
import type { LeadStore } from "../leads/lead-store";
import { processLogger, withoutAddresses, type LeadLogger } from "../log/logger";
import type { Readable } from "node:stream";
import { oneLine } from "../one-line";
import { refuse, responseMessages, type QuoteEndpointResponse } from "./answers";
import { readQuoteRequest } from "./read-request";
import { answerAgain, storeLead, type LeadDelivery } from "./store-lead";
import { screenQuoteRequest, spenderOf, type SpamSettings } from "../spam/screen";

// The quote endpoint, once: a request already read and checked in; status, headers and a JSON
// body out. It knows no framework. The production server (src/server/http/routes/quote-routes.ts)
// declares the request's body and headers to Fastify, which checks them; the Gatsby Function
// (src/api/contact.ts) reads and checks them with readQuoteRequest (read-request.ts). Its steps,
// each in its own file beside this one: the anti-bot defences (src/server/spam/screen.ts), the
// idempotent store.

export { responseMessages, type QuoteEndpointResponse } from "./answers";
export type { LeadDelivery } from "./store-lead";

export interface QuoteEndpointRequest {
  /** The form's fields, checked and cleaned against the form's own schema. */
  request: QuoteRequest;
  /** The client's Idempotency-Key, well-formed; null when it sent none. */
  idempotencyKey: string | null;
  /** Header names in lower case, as Node gives them: the anti-bot defences read theirs. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The client's address (after the trusted proxies, if any). */
  clientAddress: string;
  /** The request's id (src/server/log/request-id.ts), stored with the lead; a new UUID if absent. */
  requestId?: string;
  /** The request's logger, whose lines carry its id; the process's logger if absent. */
  log?: LeadLogger;
}

export interface QuoteEndpointOptions {
  store: LeadStore;
  /** Without it, leads are stored and announced to no one. */
  delivery?: LeadDelivery;
  /**
   * Answer only once the deliveries have been tried (4 s at most). On a functions host the instance may be
   * frozen as soon as it has answered, and a delivery left running would stall until the next
   * call; a long-running server answers first and delivers right after.
   */
  deliverBeforeAnswer?: boolean;
  now?: () => Date;
  /**
   * The anti-bot settings (src/server/spam), from the server's configuration
   * (src/server/config.ts). Every request needs a solved challenge, passes the rate limits, and
   * may be quarantined.
   */
  spam: SpamSettings;
}

export type QuoteEndpoint = (request: QuoteEndpointRequest) => Promise<QuoteEndpointResponse>;

export function createQuoteEndpoint({
  store,
  delivery,
  deliverBeforeAnswer = false,
  now = () => new Date(),
  spam,
}: QuoteEndpointOptions): QuoteEndpoint {
  async function respond(
    request: QuoteEndpointRequest,
    requestId: string,
    log: LeadLogger,
  ): Promise<QuoteEndpointResponse> {
    const { idempotencyKey } = request;
    const fingerprint = requestFingerprint(request.request);

    // A request already stored under its key (a retry after a lost answer) gets the first answer
    // again, before the defences: its proof of work is spent, and it stores nothing new.
    const first = idempotencyKey === null ? undefined : await store.leads.findByKey(idempotencyKey);
    if (first) return answerAgain(first, fingerprint, log);

    const screening = await screenQuoteRequest({
      request: request.request,
      headers: request.headers,
      clientAddress: request.clientAddress,
      ledger: store.ledger,
      settings: spam,
      // Sent again at once, the same request finds its proof spent by itself, and goes on to
      // the save, which stores it once.
      spender: spenderOf(idempotencyKey, fingerprint),
      now: now(),
    });
    if (screening.outcome === "refused") {
      log.warn({ reason: screening.reason }, "quote request refused by the anti-bot defences");
      return refuse(screening.status, screening.messageText, screening.headers);
    }
    return storeLead(
      store.leads,
      {
        idempotencyKey,
        fingerprint,
        request: request.request,
        quarantine: screening.quarantine,
        requestId,
        receivedAt: now(),
      },
      { delivery, deliverBeforeAnswer, log },
    );
  }

  // Never throws: any failure (the store unreachable, a disk error) is the French 500 the form
  // shows, and the cause goes to the server's log.
  return async (request) => {
    const requestId = request.requestId ?? randomUUID();
    const log = request.log ?? processLogger().child({ reqId: requestId });
    try {
      return await respond(request, requestId, log);
    } catch (error) {
      // The cause named (ECONNREFUSED, EROFS, DATABASE_URL…), for logs read with grep.
      log.error(`quote request not stored: ${withoutAddresses(oneLine(error))}`);
      return refuse(500, responseMessages.notStored);
    }
  };
}

/** A request as a functions host hands it over, its body unread or read as bytes. */
export interface RawQuoteRequest extends Omit<QuoteEndpointRequest, "request" | "idempotencyKey"> {
  method: string;
  /** The body as bytes, or the request stream, read here and never past 10 KiB; none: undefined. */
  body: Uint8Array | Readable | undefined;
}

/**
 * The Gatsby Function's way in (src/api/contact.ts): the request read and checked
 * (read-request.ts), then what the endpoint needs opened (`open`: the store, the delivery
 * runner), then the endpoint's answer. An `open` that fails (the store unreachable, a functions
 * host without DATABASE_URL) is the French 500, its cause in the log.
 */
export async function answerRawRequest(
  raw: RawQuoteRequest,
  open: () => Promise<QuoteEndpointOptions>,
): Promise<QuoteEndpointResponse> {
  const read = await readQuoteRequest(raw.method, raw.headers, raw.body);
  if (!read.ok) return read.answer;
  const { headers, clientAddress, requestId, log } = raw;
  let endpoint: QuoteEndpoint;
  try {
    endpoint = createQuoteEndpoint(await open());
  } catch (error) {
    (log ?? processLogger()).error(`quote request not stored: ${withoutAddresses(oneLine(error))}`);
    return refuse(500, responseMessages.notStored);
  }
  const { request, idempotencyKey } = read;
  return endpoint({ request, idempotencyKey, headers, clientAddress, requestId, log });
}
