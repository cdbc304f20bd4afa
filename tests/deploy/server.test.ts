import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { readServerConfig } from "../../src/server/config";
import { buildServer } from "../../src/server/http/server";
import { captureLog } from "../../src/test-utils/log-capture";
import { personHeaders, testChallengeSecret } from "../../src/test-utils/anti-bot";
import { sampleRequest, waitFor } from "../pipeline/support/leads";
import { liveReleaseWithPhone } from "../pipeline/support/published-content";
import { TestSmtp } from "../pipeline/support/smtp";

// The server as `npm run serve` assembles it (src/server/http/server.ts), started from a
// configuration with deploys on and a real SMTP listener: a quote request's acknowledgement
// reads the company's details from the live release's content/, which marketing last published,
// not from the server's own folder.

const folder = mkdtempSync(join(tmpdir(), "server-assembly-"));
const smtp = new TestSmtp(9757);
const livePhone = "01 88 77 66 55";
let ownPhone: string;
let app: FastifyInstance;

beforeAll(async () => {
  await smtp.start();
  ownPhone = liveReleaseWithPhone(join(folder, "deploy"), livePhone);
  const config = readServerConfig({
    QUOTE_DATABASE_DIR: join(folder, "leads"),
    BACKUP_DIR: join(folder, "backups"),
    SMTP_URL: smtp.url,
    QUOTE_NOTIFY_TO: "ventes@hestia.test",
    QUOTE_MAIL_FROM: "site@hestia.test",
    QUOTE_ACK: "1",
    QUOTE_CHALLENGE_SECRET: testChallengeSecret,
    QUOTE_RATE_LIMIT: "off",
    DEPLOY_GIT_URL: join(folder, "remote.git"),
    DEPLOY_WEBHOOK_SECRET: "0123456789abcdef0123",
    CMS_REPO: "hestia/site",
    DEPLOY_DIR: join(folder, "deploy"),
    SHED_EVENT_LOOP_DELAY_MS: "0",
  });
  app = await buildServer(config, { log: captureLog().log, publicDir: join(folder, "public") });
  await app.listen({ port: 0, host: "127.0.0.1" });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await smtp.stop();
  rmSync(folder, { recursive: true, force: true });
});

test("the live release's site is served, and an acknowledgement gives the live release's phone", async () => {
  expect((await app.inject({ url: "/" })).body).toContain("<title>Accueil</title>");
  const answer = await app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": "application/json", ...(await personHeaders()) },
    payload: JSON.stringify(sampleRequest),
  });
  expect(answer.statusCode).toBe(201);
  await waitFor(
    () =>
      smtp.mails.some((mail) => mail.to && JSON.stringify(mail.to).includes(sampleRequest.email)),
    10_000,
    "the acknowledgement",
  );
  const ack = smtp.mails.find((mail) => JSON.stringify(mail.to).includes(sampleRequest.email))!;
  expect(ack.text).toContain(livePhone);
  expect(ack.text).not.toContain(ownPhone);
});
