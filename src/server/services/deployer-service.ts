import fp from "fastify-plugin";
import { Deployer, type DeployerOptions } from "../deploy/deployer";
import type { DeploySettings } from "../deploy/deploy-settings";

// Publishing on push (src/server/deploy/) as a service: `app.deployer` when deploys are on. A
// deploy cut short by the last stop (SIGTERM, a crash) is finished once the server listens; a
// build under way at close is stopped: it never goes live, and the next start runs it again.

declare module "fastify" {
  interface FastifyInstance {
    /** The deployer, when DEPLOY_* turn deploys on. */
    deployer?: Deployer;
  }
}

export default fp<{ settings: DeploySettings; options: DeployerOptions }>(
  async (app, { settings, options }) => {
    const deployer = new Deployer(settings, options);
    app.decorate("deployer", deployer);
    app.addHook("onListen", async () => {
      deployer.resumeInterrupted();
      // After what was cut short: a missed instant is caught up once, from the live release.
      deployer.startSchedule();
    });
    app.addHook("onClose", () => deployer.close());
  },
  { name: "deployer", fastify: "5.x" },
);
