import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { readServerConfig, type ServerConfig } from "../server/config";
import { buildServer, type ServerOptions } from "../server/http/server";
// The services' decorators, typed for the tests that read them (app.store, app.readiness…).
import type {} from "../server/services/delivery-service";
import type {} from "../server/services/deployer-service";
import type {} from "../server/services/metrics-service";
import type {} from "../server/services/readiness-service";
import type {} from "../server/services/store-service";
import { testChallengeSecret } from "./anti-bot";
import { captureLog } from "./log-capture";

// The server of the tests: the one `npm run serve` starts (src/server/http/server.ts), from a
// configuration read as the server reads its environment. What every test of the server needs
// is the default — the test challenge's secret, the rate limits off (their own tests turn them on),
// no shedding on a busy test machine, the data under a folder of the test's own — and a test
// gives what it tries: TEAM_URL, SMTP_URL, DEPLOY_*…

/** The server's configuration from `env`, beside the tests' defaults, with data under `dataDir`. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): ServerConfig {
  return readServerConfig({
    QUOTE_DATABASE_DIR: join(dataDir, "leads"),
    BACKUP_DIR: join(dataDir, "backups"),
    QUOTE_CHALLENGE_SECRET: testChallengeSecret,
    QUOTE_RATE_LIMIT: "off",
    SHED_EVENT_LOOP_DELAY_MS: "0",
    ...env,
  });
}

/** The smallest built site the server accepts, written in `dir`/public/: that folder. */
export function smallSite(dir: string): string {
  const publicDir = join(dir, "public");
  mkdirSync(join(publicDir, "admin"), { recursive: true });
  writeFileSync(join(publicDir, "index.html"), "<!doctype html><title>Accueil</title>");
  writeFileSync(join(publicDir, "404.html"), "<!doctype html><title>Introuvable</title>");
  writeFileSync(join(publicDir, "admin", "index.html"), "<!doctype html><title>Admin</title>");
  writeFileSync(join(publicDir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  return publicDir;
}

/** The server on `config`, logging into memory unless the test gives a logger to read. */
export function testServer(
  config: ServerConfig,
  options: Partial<ServerOptions> = {},
): Promise<FastifyInstance> {
  return buildServer(config, { log: captureLog().log, ...options });
}
