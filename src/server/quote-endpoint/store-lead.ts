import { randomUUID } from "node:crypto";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import { pendingDeliveries } from "../delivery/pending";
import type { Channel, Lead, LeadRecords } from "../leads/lead-store";
import type { LeadLogger } from "../log/logger";
import { answer, refuse, responseMessages, type QuoteEndpointResponse } from "./answers";

// The idempotent step: a request whose Idempotency-Key is already stored gets the first answer
// again (the same id, `Idempotent-Replayed: true`), one with another body under that key a 422
// (the IETF Idempotency-Key draft's answer), and a new one is stored once, durably, before its 201.

/** What announces stored leads (src/server/delivery/runner.ts): email, acknowledgement, webhook. */
export interface LeadDelivery {
  /** The channels a lead stored now is owed; their state is stored with it. */
  channels(): Channel[];
  /** Delivers what is due (the new lead, and earlier failures past their back-off). Never rejects. */
  kick(): Promise<void>;
}

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

function conflict(log: LeadLogger): QuoteEndpointResponse {
  log.info({ outcome: "conflict" }, "quote request refused: key reused with another body");
  return refuse(422, responseMessages.keyReused);
}

/** The answer to a request whose key is stored: the first one's, or the conflict's. */
export function answerAgain(
  first: Lead,
  fingerprint: string,
  log: LeadLogger,
): QuoteEndpointResponse {
  if (first.fingerprint !== fingerprint) return conflict(log);
  log.info({ leadId: first.id, outcome: "replayed" }, "quote request replayed");
  return {
    ...answer(201, { id: first.id }, { "idempotent-replayed": "true" }),
    outcome: "replayed",
  };
}

export interface NewLead {
  idempotencyKey: string | null;
  fingerprint: string;
  request: QuoteRequest;
  quarantine: Lead["quarantine"];
  requestId: string;
  receivedAt: Date;
}

export async function storeLead(
  leads: LeadRecords,
  fields: NewLead,
  {
    delivery,
    deliverBeforeAnswer,
    log,
  }: {
    delivery: LeadDelivery | undefined;
    deliverBeforeAnswer: boolean;
    log: LeadLogger;
  },
): Promise<QuoteEndpointResponse> {
  // Every field the store keeps, the same on either engine.
  const lead: Lead = {
    id: randomUUID(),
    idempotencyKey: fields.idempotencyKey,
    fingerprint: fields.fingerprint,
    receivedAt: fields.receivedAt.toISOString(),
    request: fields.request,
    // Stored apart, answered like any other: a robot learns nothing from the answer. Its
    // deliveries wait, pending, until `npm run leads -- release` clears the quarantine.
    quarantine: fields.quarantine,
    requestId: fields.requestId,
    deliveries: pendingDeliveries(delivery?.channels() ?? []),
    status: "new",
    owner: null,
    lastContactAt: null,
  };
  const saved = await leads.save(lead);
  // Stored (durably: the save resolves after the fsync or the commit), so now announced; a
  // replay or a conflict kicks too, which retries earlier failures past their back-off.
  if (delivery) {
    const delivered = delivery.kick();
    if (deliverBeforeAnswer) await settledWithin(delivered, deliveryWaitMs);
  }
  if (saved.outcome === "conflict") return conflict(log);
  log.info(
    {
      leadId: saved.lead.id,
      outcome: saved.outcome,
      quarantined: saved.lead.quarantine !== null,
      channels: Object.keys(saved.lead.deliveries),
    },
    saved.outcome === "created" ? "quote request stored" : "quote request replayed",
  );
  if (saved.outcome !== "created") {
    return {
      ...answer(201, { id: saved.lead.id }, { "idempotent-replayed": "true" }),
      outcome: "replayed",
    };
  }
  const outcome = saved.lead.quarantine === null ? "stored" : "quarantined";
  return { ...answer(201, { id: saved.lead.id }), outcome };
}
