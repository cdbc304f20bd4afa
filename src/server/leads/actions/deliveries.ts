import { DeliveryRunner, type RunnerOptions } from "../../delivery/runner";
import type { Channel, Delivery, Lead, LeadStore } from "../lead-store";
import { record, type Actor } from "./audit";

// Deliveries made now, back-off ignored, at someone's request: every pending one (`retry`), or
// one lead's (a release, the inbox's « Renvoyer »). The runner sends and records each channel as
// it does for the server (src/server/delivery/runner.ts); the store types are whole LeadStores
// because the runner takes one.

export interface DeliveryCounts {
  sent: number;
  failed: number;
}

/** Every pending delivery, by rounds until none is left, as `npm run leads -- retry` does. */
export async function deliverAll(
  store: LeadStore,
  options: RunnerOptions,
): Promise<DeliveryCounts & { leads: number }> {
  const runner = new DeliveryRunner(store, options);
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
  store: LeadStore,
  options: RunnerOptions,
  id: string,
): Promise<DeliveryCounts> {
  const runner = new DeliveryRunner(claimingOnly(store, id), options);
  try {
    const { sent, failed } = await runner.runOnce({ ignoreBackOff: true });
    return { sent, failed };
  } finally {
    await runner.close();
  }
}

/**
 * The store as the runner sees it for one lead. The queue claims by batches, oldest first: claim
 * batch after batch (each stays leased to us, so the next claim goes further) until the lead's
 * channels come, then hand the others back as they were (recordDelivery ends a lease and leaves
 * the state as given) and give the runner that lead alone.
 */
function claimingOnly(store: LeadStore, id: string): LeadStore {
  const claimDue: LeadStore["claimDue"] = async (now, leaseMs, options) => {
    const others: Lead[] = [];
    let mine: Lead[] = [];
    try {
      for (;;) {
        const batch = await store.claimDue(now, leaseMs, options);
        mine = batch.filter((lead) => lead.id === id);
        others.push(...batch.filter((lead) => lead.id !== id));
        if (batch.length === 0 || mine.length > 0) break;
      }
    } finally {
      // A channel not handed back (its lead erased meanwhile, the database gone) is due again
      // when its lease ends: nothing is lost, so a failure here does not fail the delivery.
      await Promise.allSettled(
        others.flatMap((lead) =>
          (Object.entries(lead.deliveries) as [Channel, Delivery][]).map(([channel, delivery]) =>
            store.recordDelivery(lead.id, channel, delivery),
          ),
        ),
      );
    }
    return mine;
  };
  // Every other member is the store's own: a Proxy keeps them without listing each.
  return new Proxy(store, {
    get: (target, key) => (key === "claimDue" ? claimDue : Reflect.get(target, key)),
  });
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
    const { leads, sent, failed } = await deliverAll(store, delivery);
    await record(
      store,
      actor,
      "retry",
      null,
      `${leads} demande(s) : ${sent} envoi(s) réussi(s), ${failed} échec(s)`,
    );
    return { outcome: "retried", leads, sent, failed };
  }
  const lead = await store.get(id);
  if (!lead) return { outcome: "not-found" };
  if (lead.quarantine) return { outcome: "quarantined" };
  if (!Object.values(lead.deliveries).some((d) => d.state === "pending")) {
    return { outcome: "nothing-pending" };
  }
  const { sent, failed } = await deliverLead(store, delivery, id);
  await record(store, actor, "retry", id, `envois : ${sent} réussi(s), ${failed} échec(s)`);
  return { outcome: "retried", leads: 1, sent, failed };
}
