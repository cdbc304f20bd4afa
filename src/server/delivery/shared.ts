import { runtimeEnv, sharedLeadStore, type Env } from "../leads/open-store";
import { DeliveryRunner } from "./runner";

// One delivery runner per process and configuration, beside the one store (sharedLeadStore):
// Gatsby loads its function module again on every request, so the runner, its coalesced runs and
// its SMTP connections live on globalThis rather than in a module variable.

const registryKey: unique symbol = Symbol.for("recouvrement-loyers/delivery-runners");
type Registry = { [registryKey]?: Map<string, Promise<DeliveryRunner>> };

export function sharedDeliveryRunner(env: Env = runtimeEnv()): Promise<DeliveryRunner> {
  const holder = globalThis as Registry;
  const runners = (holder[registryKey] ??= new Map());
  const key = JSON.stringify([
    env.DATABASE_URL,
    env.QUOTE_DATABASE_DIR,
    env.SMTP_URL,
    env.QUOTE_NOTIFY_TO,
    env.QUOTE_MAIL_FROM,
    env.QUOTE_ACK,
    env.QUOTE_WEBHOOK_URL,
    env.QUOTE_WEBHOOK_SECRET,
  ]);
  let runner = runners.get(key);
  if (!runner) {
    runner = sharedLeadStore(env).then((store) => new DeliveryRunner(store, { env }));
    // A runner that failed (a half-set channel, no store) is not kept: the next request retries.
    runner.catch(() => runners.delete(key));
    runners.set(key, runner);
  }
  return runner;
}
