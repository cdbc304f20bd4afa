import fp from "fastify-plugin";
import { DeliveryRunner, type RunnerOptions } from "../delivery/runner";

// The delivery runner as a service (src/server/delivery/): `app.delivery`, kicked as soon as the
// server listens (leads left undelivered by an earlier run, a crash or an SMTP outage, are tried
// again then, as their back-off allows) and every 15 s while it runs, so that a failure is
// retried once its back-off has passed even when no visitor comes by. On close, the deliveries
// under way end first, so that each one's outcome is recorded.

declare module "fastify" {
  interface FastifyInstance {
    /** Delivers accepted leads by email and webhook, with retries (src/server/delivery/). */
    delivery: DeliveryRunner;
  }
}

/** How often the server looks for deliveries due (failures past their back-off). */
const sweepIntervalMs = 15_000;

export default fp<RunnerOptions>(
  async (app, options) => {
    const delivery = new DeliveryRunner(app.store.deliveries, options);
    app.decorate("delivery", delivery);
    let sweep: NodeJS.Timeout | undefined;
    app.addHook("onListen", async () => {
      void delivery.kick();
      sweep = setInterval(() => void delivery.kick(), sweepIntervalMs);
      sweep.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(sweep);
      await delivery.close();
    });
  },
  { name: "delivery", fastify: "5.x", dependencies: ["store"] },
);
