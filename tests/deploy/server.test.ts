import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { readServerConfig, type ServerConfig } from "../../src/server/config";
import { buildServer } from "../../src/server/http/server";
import { captureLog } from "../../src/test-utils/log-capture";
import { runLeadsCommand } from "../../src/test-utils/leads-command";
import { signInByLink } from "../../src/test-utils/team-inbox";
// The services' decorators, typed (app.store).
import type {} from "../../src/server/services/store-service";
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
let config: ServerConfig;

beforeAll(async () => {
  await smtp.start();
  ownPhone = liveReleaseWithPhone(join(folder, "deploy"), livePhone);
  config = readServerConfig({
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
    // The inbox on its own origin: its requests below carry its Host.
    TEAM_URL: "http://equipe.localhost",
    TEAM_EMAILS: "ventes@hestia.test:sales",
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

/** The acknowledgements received for `email`, newest last. */
const acksTo = (email: string) =>
  smtp.mails.filter((mail) => JSON.stringify(mail.to ?? "").includes(email));

/** A request whose deliveries all failed, SMTP being down when it came: its id. */
async function requestWhileSmtpDown(email: string): Promise<string> {
  await smtp.stop();
  const answer = await app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": "application/json", ...(await personHeaders()) },
    payload: JSON.stringify({ ...sampleRequest, email }),
  });
  expect(answer.statusCode).toBe(201);
  const id = (answer.json() as { id: string }).id;
  const failedAll = async () =>
    Object.values((await app.store.leads.get(id))?.deliveries ?? {}).every(
      (delivery) => delivery.attempts > 0 && delivery.sentAt === null,
    );
  await waitFor(failedAll, 10_000, "the failed deliveries");
  await smtp.start();
  return id;
}

test("an acknowledgement sent again, from the inbox's « Réessayer les envois » and from npm run leads -- retry, gives the live release's phone", async () => {
  const fromInbox = await requestWhileSmtpDown("inbox.retry@office-hlm.fr");
  // Signed in through the emailed link, as sales are.
  const { cookie, csrf } = await signInByLink(app, smtp, "ventes@hestia.test", {
    host: "equipe.localhost",
    timeoutMs: 10_000,
  });
  const retried = await app.inject({
    method: "POST",
    url: `/equipe/demandes/${fromInbox}/relancer`,
    payload: new URLSearchParams({ csrf }).toString(),
    headers: {
      host: "equipe.localhost",
      "content-type": "application/x-www-form-urlencoded",
      cookie,
    },
  });
  expect(retried.statusCode).toBe(303);
  const [fromTheInbox] = acksTo("inbox.retry@office-hlm.fr");
  expect(fromTheInbox?.text).toContain(livePhone);
  expect(fromTheInbox?.text).not.toContain(ownPhone);

  const fromCli = await requestWhileSmtpDown("cli.retry@office-hlm.fr");
  const printed: string[] = [];
  expect(await runLeadsCommand(config, app.store, printed, ["retry", fromCli])).toBe(0);
  const [fromTheCli] = acksTo("cli.retry@office-hlm.fr");
  expect(fromTheCli?.text).toContain(livePhone);
  expect(fromTheCli?.text).not.toContain(ownPhone);
});
