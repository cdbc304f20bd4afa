import type { ServerConfig } from "../config";
import { sharedLeadStore } from "../leads/open-store";
import { DeliveryRunner } from "./runner";

// One delivery runner per process and configuration, beside the one store (sharedLeadStore):
// Gatsby loads its function module again on every request, so the runner, its coalesced runs and
// its SMTP connections live on globalThis rather than in a module variable.

const registryKey: unique symbol = Symbol.for("recouvrement-loyers/delivery-runners");
type Registry = { [registryKey]?: Map<string, Promise<DeliveryRunner>> };

export function sharedDeliveryRunner(
  config: Pick<ServerConfig, "store" | "delivery">,
): Promise<DeliveryRunner> {
  const holder = globalThis as Registry;
  const runners = (holder[registryKey] ??= new Map());
  const key = JSON.stringify([config.store, config.delivery]);
  let runner = runners.get(key);
  if (!runner) {
    runner = sharedLeadStore(config.store).then(
      (store) => new DeliveryRunner(store.deliveries, { config: config.delivery }),
    );
    // A runner that failed (no store) is not kept: the next request retries.
    runner.catch(() => runners.delete(key));
    runners.set(key, runner);
  }
  return runner;
}
