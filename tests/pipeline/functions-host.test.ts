import { randomUUID } from "node:crypto";
import { DeliveryRunner } from "../../src/server/delivery/runner";
import type { SqlLeadStore } from "../../src/server/leads/sql-store";
import { postgresStore } from "./support/stores";
import { answerRawRequest, type RawQuoteRequest } from "../../src/server/quote-endpoint";
import { parseRateLimits } from "../../src/server/spam/rate-limit";
import { personHeaders, testChallengeSecret } from "../../src/test-utils/anti-bot";
import { sampleRequest } from "./support/leads";
import { TestPostgres } from "./support/postgres";
import { TestWebhookReceiver } from "./support/webhook-receiver";
import { readServerConfig } from "../../src/server/config";

// On a functions host the instance may be frozen once it has answered: the endpoint tries the
// deliveries before answering, but never makes the visitor wait more than 4 s for them.

const postgres = new TestPostgres(9671);
const secret = `whsec_${Buffer.from("functions-host-secret-0123456789").toString("base64")}`;
const receiver = new TestWebhookReceiver(9672, secret);
let store: SqlLeadStore;
let runner: DeliveryRunner;

beforeAll(async () => {
  postgres.start();
  postgres.createDatabase();
  store = postgresStore(postgres.url);
  await store.migrate();
  await receiver.start();
  runner = new DeliveryRunner(store.deliveries, {
    config: readServerConfig({ QUOTE_WEBHOOK_URL: receiver.url, QUOTE_WEBHOOK_SECRET: secret })
      .delivery,
  });
});

afterAll(async () => {
  await receiver.stop();
  await runner?.close();
  await store?.close();
  postgres.destroy();
});

// As the Gatsby Function answers on a functions host: deliveries tried before the answer.
const endpoint = () => (raw: RawQuoteRequest) =>
  answerRawRequest(raw, async () => ({
    store,
    delivery: runner,
    deliverBeforeAnswer: true,
    spam: { secret: testChallengeSecret, limits: parseRateLimits("off") },
  }));

// As the site's form posts: a solved anti-bot challenge and the typing time.
const post = async () =>
  endpoint()({
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
      ...Object.fromEntries(
        Object.entries(await personHeaders()).map(([name, value]) => [name.toLowerCase(), value]),
      ),
    },
    body: Buffer.from(JSON.stringify(sampleRequest)),
    clientAddress: "127.0.0.1",
  });

test("the webhook is delivered, and recorded, before the 201", async () => {
  const answer = await post();
  expect(answer.status).toBe(201);
  expect(receiver.verifiedIds()).toHaveLength(1);
  const lead = await store.leads.get(String((answer.body as { id: string }).id));
  expect(lead?.deliveries.webhook?.state).toBe("sent");
});

test("a receiver that hangs delays the 201 by 4 s at most; the delivery stays pending", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  receiver.answers.push("hang");
  const started = Date.now();
  const answer = await post();
  expect(answer.status).toBe(201);
  // It waited for the webhook (a timer cannot fire early)…
  expect(Date.now() - started).toBeGreaterThanOrEqual(3900);
  const lead = await store.leads.get(String((answer.body as { id: string }).id));
  expect(receiver.calls.at(-1)?.id).toBe(`msg_${lead?.id}`);
  // …and answered before the webhook's own 5 s timeout: no attempt is recorded yet.
  expect(lead?.deliveries.webhook).toMatchObject({ state: "pending", attempts: 0 });
  // The webhook's own 5 s timeout then records the failure, with its back-off.
  await runner.close();
  expect((await store.leads.get(lead!.id))?.deliveries.webhook).toMatchObject({
    state: "pending",
    attempts: 1,
  });
  errors.mockRestore();
});
