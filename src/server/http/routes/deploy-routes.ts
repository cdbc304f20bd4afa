import type { FastifyError, FastifyPluginAsync } from "fastify";
import { coerce, instance, literal } from "superstruct";
import { scheduledChanges } from "../../deploy/schedule";
import { deployStatus, liveCommit, rememberDelivery } from "../../deploy/state";
import { isAuthentic, readPush, type GitHost } from "../../deploy/push-webhook";
import type { SuperstructTypes } from "../superstruct-schemas";

// The git host's push webhook (POST /api/deploy/github, /api/deploy/gitlab), its body taken as
// bytes whatever its media type (the signature is over those very bytes) and checked before it
// is parsed, registered only when deploys are on (src/server/deploy/deploy-settings.ts), and
// the admin's notice (GET /api/deploy/status), which says "off" when they are not.

/** The payload's bytes; a post without a body (Fastify gives null) has none, and fails its check. */
const Payload = coerce(instance(Buffer), literal(null), () => Buffer.alloc(0));

/** A push payload is a few kilobytes; GitHub caps them at 25 MB, which a content push never nears. */
const maxPayloadBytes = 5 * 1024 * 1024;

const deployRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  // Publishing on push (src/server/services/deployer-service.ts); without it, the status says "off".
  const { deployer } = plugin;
  // Asked by the admin on every host this server runs: with deploys off, it says so, and the
  // admin shows nothing (a 404 would be an error in the editor's console).
  app.route({
    method: ["GET", "HEAD"],
    url: "/api/deploy/status",
    exposeHeadRoute: false,
    handler: async (_request, reply) =>
      reply.sendJson(
        200,
        deployer
          ? {
              ...deployStatus(deployer.settings.dir, deployer.serverCode),
              scheduled: scheduledChanges(deployer.settings.dir),
            }
          : { state: "off", live: null, building: null, failure: null },
      ),
  });
  if (!deployer) return;

  // GitHub posts JSON or a form, GitLab JSON: any media type, read as bytes up to the limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw error;
    // The rest is never read: the connection cannot carry another request.
    return reply.sendJson(413, { message: "payload too large" }, { connection: "close" });
  });

  for (const host of ["github", "gitlab"] as GitHost[]) {
    app.post(
      `/api/deploy/${host}`,
      { bodyLimit: maxPayloadBytes, schema: { body: Payload } },
      async (request, reply) => {
        const send = (status: number, body: Record<string, unknown>) =>
          reply.sendJson(status, body);
        const body = request.body;
        const { secret } = deployer.settings;
        if (!isAuthentic(host, request.headers, body, secret)) {
          request.log.warn(
            { host },
            `deploy webhook refused: ${host === "github" ? "signature" : "token"} missing or wrong`,
          );
          return send(401, { message: "signature missing or wrong" });
        }
        const verdict = readPush(host, request.headers, body, deployer.settings);
        const { dir } = deployer.settings;
        // Remembered on disk: a delivery sent again, now or after a restart, deploys nothing.
        const acts = verdict.deploy ?? verdict.draft;
        if (acts && verdict.delivery && !rememberDelivery(dir, verdict.delivery)) {
          request.log.info(
            { host, delivery: verdict.delivery },
            "deploy webhook: delivery already received",
          );
          return send(202, { message: "ignored: delivery already received" });
        }
        if (verdict.deploy?.commit === liveCommit(dir)) {
          request.log.info({ host, delivery: verdict.delivery }, "deploy webhook: already live");
          return send(202, { message: `ignored: ${verdict.deploy.commit} is already live` });
        }
        request.log.info(
          { host, delivery: verdict.delivery, status: verdict.status },
          `deploy webhook: ${verdict.reason}`,
        );
        if (verdict.draft) {
          const { branch, deleted } = verdict.draft;
          if (deleted) {
            deployer.dropDraft(branch);
            return send(202, { message: "the preview of the deleted branch is removed" });
          }
          const how = deployer.requestDraft(branch);
          return send(202, {
            message:
              how === "started"
                ? "building the preview of the branch's newest commit"
                : "preview queued after the builds under way",
          });
        }
        if (verdict.deploy) {
          // The branch's newest commit is what goes live, whatever the push says: a delivery that
          // arrives late, or again, never brings an older site back (src/server/deploy/deploy.ts).
          const { commit, author, message } = verdict.deploy;
          const how = deployer.request({ commit: null, push: true, author, subject: message });
          return send(202, {
            message:
              how === "started"
                ? `deploying the newest commit of the branch (pushed: ${commit})`
                : `queued after the deploy under way (pushed: ${commit})`,
          });
        }
        return send(verdict.status, { message: verdict.reason });
      },
    );
  }
};

export default deployRoutes;
