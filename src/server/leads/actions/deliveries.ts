import { DeliveryRunner, type RunnerOptions } from "../../delivery/runner";
import type { DeliveryQueue, LeadStore } from "../lead-store";
import { record, type Actor } from "./audit";

// Deliveries made now, back-off ignored, at someone's request: every pending one (`retry`), or
// one lead's (a release, the inbox's « Réessayer les envois »). The runner sends and records
// each channel as it does for the server (src/server/delivery/runner.ts).

export interface DeliveryCounts {
  sent: number;
  failed: number;
}

/** Every pending delivery, by rounds until none is left, as `npm run leads -- retry` does. */
export async function deliverAll(
  queue: DeliveryQueue,
  options: RunnerOptions,
): Promise<DeliveryCounts & { leads: number }> {
  const runner = new DeliveryRunner(queue, options);
  try {
    const total = { sent: 0, failed: 0, leads: 0 };
    // Bounded: each round claims a batch; a failed lead stays claimed for the lease, so the
    // loop ends once every pending lead has had its one try.
    for (let round = 0; round < 1000; round += 1) {
      const summary = await runner.runOnce({ ignoreBackOff: true });
      if (summary.leads === 0) break;
      total.sent += summary.sent;
      total.failed += summary.failed;
      total.leads += summary.leads;
    }
    return total;
  } finally {
    await runner.close();
  }
}

/** One lead's pending deliveries, and no other lead's: the others keep their back-off. */
export async function deliverLead(
  queue: DeliveryQueue,
  options: RunnerOptions,
  id: string,
): Promise<DeliveryCounts> {
  const runner = new DeliveryRunner(queue, options);
  try {
    const { sent, failed } = await runner.runOnce({ ignoreBackOff: true, leadId: id });
    return { sent, failed };
  } finally {
    await runner.close();
  }
}

export type RetryResult =
  | { outcome: "not-found" }
  /** A quarantined lead is delivered by releasing it, never by a retry. */
  | { outcome: "quarantined" }
  | { outcome: "nothing-pending" }
  | ({ outcome: "retried"; leads: number } & DeliveryCounts);

/** Sends now every pending delivery, or those of the lead `id`; says how many went. */
export async function retryDeliveries(
  store: LeadStore,
  delivery: RunnerOptions,
  actor: Actor,
  id?: string,
): Promise<RetryResult> {
  if (id === undefined) {
    const { leads, sent, failed } = await deliverAll(store.deliveries, delivery);
    await record(
      store.audit,
      actor,
      "retry",
      null,
      `${leads} demande(s) : ${sent} envoi(s) réussi(s), ${failed} échec(s)`,
    );
    return { outcome: "retried", leads, sent, failed };
  }
  const lead = await store.leads.get(id);
  if (!lead) return { outcome: "not-found" };
  if (lead.quarantine) return { outcome: "quarantined" };
  if (!Object.values(lead.deliveries).some((d) => d.state === "pending")) {
    return { outcome: "nothing-pending" };
  }
  const { sent, failed } = await deliverLead(store.deliveries, delivery, id);
  await record(store.audit, actor, "retry", id, `envois : ${sent} réussi(s), ${failed} échec(s)`);
  return { outcome: "retried", leads: 1, sent, failed };
}
