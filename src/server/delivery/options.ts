import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ServerConfig } from "../config";
import { liveContent } from "../deploy/releases";
import type { LeadLogger } from "../log/logger";
import type { Metrics } from "../metrics/metrics";
import type { RunnerOptions } from "./runner";

// The delivery runner's options, made in one place from the configuration, for every runner the
// product starts: the server's own, the inbox's « Réessayer les envois » and « Ce n'est pas un
// spam », and `npm run leads -- retry|release`. So an acknowledgement, first or sent again, reads
// the same content/: with deploys on, the live release's (what marketing last published, read at
// each email, so a deploy needs no restart); without, the server's folder's.

/** The live release's content/, or the server's own before the first deploy. */
function contentDirOf(config: Pick<ServerConfig, "deploy">): () => string {
  const ownContent = resolve("content");
  const deployDir = config.deploy?.dir;
  return () =>
    deployDir && existsSync(liveContent(deployDir)) ? liveContent(deployDir) : ownContent;
}

export function deliveryOptions(
  config: Pick<ServerConfig, "delivery" | "deploy">,
  log?: LeadLogger,
  /** The server's metrics: each attempt counted by channel and outcome. */
  metrics?: Metrics,
): RunnerOptions {
  return {
    config: config.delivery,
    log,
    contentDir: contentDirOf(config),
    onAttempt: (channel, ok) =>
      metrics?.deliveries.inc({ channel, outcome: ok ? "sent" : "failed" }),
  };
}
