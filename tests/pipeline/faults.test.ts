import { randomUUID } from "node:crypto";
import { leads } from "./support/cli";
import { sampleRequest, waitFor } from "./support/leads";
import { deliveryServices } from "./support/delivery-services";
import { SiteProcess } from "./support/site-process";

// The endpoint as it runs in production (`npm run serve`, one or two processes) on a real
// PostgreSQL, SMTP listener and webhook receiver, each of them stopped, hung or restarted in
// turn; then every row, email and webhook counted.

const services = deliveryServices(9631);
const { postgres, smtp, receiver, store } = services;
const env = () => services.env;

const sites: SiteProcess[] = [];
async function startSite(port: number): Promise<SiteProcess> {
  const site = new SiteProcess(port, env());
  sites.push(site);
  await site.start();
  return site;
}

async function rowCount(): Promise<number> {
  const { rows } = await store.database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM leads",
  );
  return rows[0]!.n;
}

afterAll(async () => {
  for (const site of sites) await site.destroy();
});

beforeEach(async () => {
  smtp.mails.length = 0;
  smtp.hang = false;
  receiver.calls.length = 0;
  receiver.answers.length = 0;
  await store.database.query("DELETE FROM leads");
});

test("PostgreSQL stopped: a French 500 and nothing stored; after a restart the same key stores once", async () => {
  const site = await startSite(9640);
  const key = randomUUID();
  // This test's own pool sees its idle connections cut too, and says so.
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  postgres.stop();
  let refused: Awaited<ReturnType<SiteProcess["post"]>>;
  try {
    refused = await site.post(sampleRequest, key);
    // One line in the log, naming the cause.
    await site.logged(/"msg":"quote request not stored: [^"]*ECONNREFUSED/);
  } finally {
    // Started again even when this part fails, so that the tests after it have their database.
    postgres.start();
  }
  expect(refused.status).toBe(500);
  expect(refused.body.messageText).toBe(
    "Votre demande n'a pas pu être enregistrée, veuillez réessayer",
  );

  const [first, second] = await Promise.all([
    site.post(sampleRequest, key),
    site.post(sampleRequest, key),
  ]);
  expect([first.status, second.status]).toEqual([201, 201]);
  expect(first.body.id).toBe(second.body.id);
  expect(await rowCount()).toBe(1);
  await waitFor(
    () => smtp.mails.length === 1 && receiver.calls.length === 1,
    10_000,
    "the notifications",
  );
  // Stopped: it ends the deliveries under way first, so a duplicate would be here by now.
  await site.stop();
  expect(smtp.mails).toHaveLength(1);
  errors.mockRestore();
});

test("SMTP down: the request is stored and answered 201; once SMTP is back, retry sends it once", async () => {
  const site = await startSite(9641);
  await smtp.stop();
  const answer = await site.post(sampleRequest, randomUUID());
  expect(answer.status).toBe(201);
  await waitFor(() => receiver.calls.length === 1, 10_000, "the webhook");
  await site.logged(/email for lead .* failed \(attempt 1/);
  expect(await rowCount()).toBe(1);

  await smtp.start();
  const retry = await leads(["retry"], env());
  expect(retry.stdout).toBe("1 demande(s) traitée(s) : 1 envoi(s) réussi(s), 0 échec(s).\n");
  // A later request's run finds nothing left for the first lead.
  expect((await site.post({ ...sampleRequest, firstName: "Zoé" }, randomUUID())).status).toBe(201);
  await waitFor(() => smtp.mails.length === 2, 10_000, "the second lead's email");
  await site.stop();
  expect(smtp.mails.map((mail) => mail.subject)).toEqual([
    expect.stringContaining("Éloïse"),
    expect.stringContaining("Zoé"),
  ]);
  expect(receiver.verifiedIds()).toHaveLength(2);
});

test("killed between storing and notifying: the next retry delivers, once", async () => {
  const site = await startSite(9642);
  // SMTP accepts the connection and never greets; the webhook never answers: the process is
  // killed while both deliveries are in flight, after the lead was committed.
  smtp.hang = true;
  receiver.answers.push("hang");
  const answer = await site.post(sampleRequest, randomUUID());
  expect(answer.status).toBe(201);
  await waitFor(() => receiver.calls.length === 1, 10_000, "the webhook call in flight");
  await site.kill();
  smtp.hang = false;

  // The dead process's claim holds for its lease (30 s); retry delivers once it has passed.
  const first = await leads(["retry"], env());
  expect(first.stdout).toBe("0 demande(s) traitée(s) : 0 envoi(s) réussi(s), 0 échec(s).\n");
  await waitFor(
    async () => (await leads(["retry"], env())).stdout.includes("2 envoi(s) réussi(s)"),
    45_000,
    "a retry after the lease",
  );
  // The retry command has exited and the server was killed: nothing is delivering any more.
  expect(smtp.mails).toHaveLength(1);
  expect(receiver.verifiedIds()).toEqual([`msg_${answer.body.id}`]);
  const lead = await store.leads.get(String(answer.body.id));
  expect(lead?.deliveries.email?.state).toBe("sent");
  expect(lead?.deliveries.webhook?.state).toBe("sent");
});

test("two processes on one database, 50 requests each sent to both at once: 50 rows, 50 emails, 50 webhooks", async () => {
  const [a, b] = await Promise.all([startSite(9643), startSite(9644)]);
  const requests = Array.from({ length: 50 }, (_, i) => ({
    key: randomUUID(),
    body: { ...sampleRequest, company: `Office public de l'habitat n° ${i + 1}` },
  }));
  const answers = await Promise.all(
    requests.flatMap(({ key, body }) => [a.post(body, key), b.post(body, key)]),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(201));
  expect(answers.filter((answer) => answer.replayed)).toHaveLength(50);
  for (let i = 0; i < 50; i += 1) expect(answers[2 * i]!.body.id).toBe(answers[2 * i + 1]!.body.id);

  await waitFor(
    () => smtp.mails.length >= 50 && receiver.calls.length >= 50,
    30_000,
    "50 emails and 50 webhooks",
  );
  await Promise.all([a.stop(), b.stop()]);
  expect(await rowCount()).toBe(50);
  expect(smtp.mails).toHaveLength(50);
  expect(new Set(smtp.mails.map((mail) => mail.subject)).size).toBe(50);
  expect(receiver.calls).toHaveLength(50);
  expect(receiver.verifiedIds()).toHaveLength(50);
});
