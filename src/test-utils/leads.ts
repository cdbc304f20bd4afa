import { resolve } from "node:path";
import type { StoreSettings } from "../server/config";
import { createHash, randomUUID } from "node:crypto";
import type { QuoteRequest } from "../shared/quote-request/quote-request";
import type { Channel, Lead } from "../server/leads/lead-store";
import { pendingDeliveries } from "../server/delivery/runner";

// Leads as the endpoint builds them, for tests that speak to a store or the runner directly.

export const sampleRequest: QuoteRequest = {
  firstName: "Éloïse",
  lastName: "Lefèvre-N'Diaye",
  email: "eloise.lefevre@habitat-reunion.re",
  phone: "+262 692 12 34 56",
  company: "Habitat Réunion & Océan <SEM>",
  message: "Nous gérons 4 200 logements à Saint-Denis ; « relances » souhaitées dès janvier.",
  rgpd: true,
};

export function makeLead(
  overrides: Partial<QuoteRequest> = {},
  options: { key?: string | null; channels?: Channel[] } = {},
): Lead {
  const request = { ...sampleRequest, ...overrides };
  return {
    id: randomUUID(),
    idempotencyKey: options.key === undefined ? randomUUID() : options.key,
    fingerprint: createHash("sha256").update(JSON.stringify(request)).digest("hex"),
    receivedAt: new Date().toISOString(),
    request,
    quarantine: null,
    requestId: null,
    deliveries: pendingDeliveries(options.channels ?? ["email", "webhook"]),
    status: "new",
    owner: null,
    lastContactAt: null,
  };
}

/** Polls `condition` every 50 ms, at most `timeoutMs`: loops in tests stay bounded. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = "condition",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** The store settings of an embedded database in `folder` (no DATABASE_URL, no functions host). */
export function embeddedSettings(folder: string): StoreSettings {
  return { databaseUrl: null, databaseDir: resolve(folder), functionsHost: null };
}
