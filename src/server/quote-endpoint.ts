import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { requestFingerprint } from "./leads/fingerprint";
import type { LeadStore } from "./leads/lead-store";
import { processLogger, withoutAddresses, type LeadLogger } from "./log/logger";
import { oneLine } from "./one-line";
import { refuse, responseMessages, type QuoteEndpointResponse } from "./quote-endpoint/answers";
import { readQuoteRequest } from "./quote-endpoint/read-request";
import { answerAgain, storeLead, type LeadDelivery } from "./quote-endpoint/store-lead";
import { screenQuoteRequest, spenderOf, type SpamSettings } from "./spam/screen";

// The quote endpoint, once: method, headers, body and client address in; status, headers and a
// JSON body out. It knows no framework. The production server (src/server/http/) and the Gatsby
// Function (src/api/contact.ts) are thin adapters around it. Its steps, each in its own file
// under quote-endpoint/: the request read and checked, the anti-bot defences
// (src/server/spam/screen.ts), the idempotent store.

export { responseMessages, type QuoteEndpointResponse } from "./quote-endpoint/answers";
export type { LeadDelivery } from "./quote-endpoint/store-lead";

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
  /** The request's id (src/server/log/request-id.ts), stored with the lead; a new UUID if absent. */
  requestId?: string;
  /** The request's logger, whose lines carry its id; the process's logger if absent. */
  log?: LeadLogger;
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
    const read = await readQuoteRequest(request.method, request.headers, request.body);
    if (!read.ok) return read.answer;
    const { idempotencyKey } = read;
    const fingerprint = requestFingerprint(read.request);

    const leadStore = await store();
    // A request already stored under its key (a retry after a lost answer) gets the first answer
    // again, before the defences: its proof of work is spent, and it stores nothing new.
    const first =
      idempotencyKey === null ? undefined : await leadStore.leads.findByKey(idempotencyKey);
    if (first) return answerAgain(first, fingerprint, log);

    const screening = await screenQuoteRequest({
      request: read.request,
      headers: request.headers,
      clientAddress: request.clientAddress,
      ledger: leadStore.ledger,
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
      leadStore.leads,
      {
        idempotencyKey,
        fingerprint,
        request: read.request,
        quarantine: screening.quarantine,
        requestId,
        receivedAt: now(),
      },
      { delivery: await delivery?.(), deliverBeforeAnswer, log },
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
