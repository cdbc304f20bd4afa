import { rmSync } from "node:fs";
import { dirname } from "node:path";
import type { LeadStore } from "../../src/server/leads/lead-store";
import { embeddedFolder, embeddedStore, postgresStore } from "./support/stores";
import {
  answerRawRequest,
  type QuoteEndpointResponse,
  type RawQuoteRequest,
} from "../../src/server/quote-endpoint";
import { challengeLifetimeMs } from "../../src/server/spam/challenge";
import { defaultRateLimits } from "../../src/server/spam/rate-limit";
import { challengeFailedMessage } from "../../src/server/spam/screen";
import { personHeaders, solvedPayload, testChallengeSecret } from "../../src/test-utils/anti-bot";
import { sampleRequest } from "./support/leads";
import { TestPostgres } from "./support/postgres";

// A bot against the endpoint, as someone else would write it, on each real store: no solution, a
// replayed one, an expired one, the robot field filled, a form filled in a second, twenty posts
// from one address; and a person at an ordinary pace, accepted and delivered as before.

const postgres = new TestPostgres(9702);
const folders: string[] = [];

const stores: [string, () => Promise<LeadStore>][] = [
  [
    "embedded",
    async () => {
      const folder = embeddedFolder("spam-endpoint-");
      folders.push(folder);
      return embeddedStore(folder);
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const store = postgresStore(postgres.url);
      await store.migrate();
      return store;
    },
  ],
];

beforeAll(() => {
  postgres.start();
  postgres.createDatabase();
  jest.spyOn(console, "warn").mockImplementation(() => {});
});
afterAll(() => {
  postgres.destroy();
  for (const folder of folders) rmSync(dirname(folder), { recursive: true, force: true });
});

let address = 0;
/** A fresh client address and email per test, so that one test's counters never reach another. */
function client() {
  address += 1;
  return { ip: `198.51.100.${address}`, email: `personne.${address}.${Date.now()}@oph-exemple.fr` };
}

describe.each(stores)("the endpoint on the %s store", (_name, open) => {
  let store: LeadStore;
  let endpoint: (raw: RawQuoteRequest) => Promise<QuoteEndpointResponse>;
  beforeAll(async () => {
    store = await open();
    const spam = { secret: testChallengeSecret, limits: defaultRateLimits };
    endpoint = (raw) => answerRawRequest(raw, async () => ({ store, spam }));
  });
  afterAll(() => store.close());

  function post(headers: Record<string, string>, { ip, email }: { ip: string; email: string }) {
    return endpoint({
      method: "POST",
      // Node gives header names in lower case.
      headers: Object.fromEntries(
        Object.entries({ "content-type": "application/json", ...headers }).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      ),
      body: Buffer.from(JSON.stringify({ ...sampleRequest, email })),
      clientAddress: ip,
    });
  }

  async function stored(email: string) {
    return (await store.leads.list()).filter((lead) => lead.request.email === email);
  }

  test("a person at an ordinary pace is accepted as before, not quarantined", async () => {
    const person = client();
    const answer = await post(await personHeaders(), person);
    expect(answer.status).toBe(201);
    const [lead] = await stored(person.email);
    expect(lead?.quarantine).toBeNull();
  });

  test("a bot posting without a solution gets the French refusal, and nothing is stored", async () => {
    const bot = client();
    const answer = await post({ "quote-form-elapsed": "30000" }, bot);
    expect(answer).toMatchObject({ status: 403, body: { messageText: challengeFailedMessage } });
    expect(challengeFailedMessage).toBe("La vérification anti-robot a échoué, veuillez réessayer");
    const forged = await post({ altcha: Buffer.from('{"challenge":{}}').toString("base64") }, bot);
    expect(forged.status).toBe(403);
    expect(await stored(bot.email)).toEqual([]);
  });

  test("a solution is accepted once: replayed, it is refused", async () => {
    const bot = client();
    const headers = await personHeaders();
    expect((await post(headers, bot)).status).toBe(201);
    const replay = await post(headers, bot);
    expect(replay).toMatchObject({ status: 403, body: { messageText: challengeFailedMessage } });
    expect(await stored(bot.email)).toHaveLength(1);
  });

  test("an expired challenge is refused", async () => {
    const bot = client();
    const old = new Date(Date.now() - challengeLifetimeMs - 60_000);
    const answer = await post(
      { altcha: await solvedPayload(testChallengeSecret, old), "quote-form-elapsed": "30000" },
      bot,
    );
    expect(answer.status).toBe(403);
    expect(await stored(bot.email)).toEqual([]);
  });

  test.each([
    [
      "the robot field filled",
      { "quote-form-website": "https%3A%2F%2Fpromo.example" },
      /champ piège/,
    ],
    ["a form filled in half a second", { "quote-form-elapsed": "500" }, /rempli en 0\.5 s/],
    [
      "no typing time (not sent by the form)",
      { "quote-form-elapsed": "" },
      /sans passer par le formulaire/,
    ],
  ])("%s: the same 201, stored apart, never claimed for delivery", async (_case, extra, reason) => {
    const bot = client();
    const answer = await post({ ...(await personHeaders()), ...extra }, bot);
    expect(answer.status).toBe(201);
    const [lead] = await stored(bot.email);
    expect(lead?.quarantine?.reason).toMatch(reason);
    const claimed = await store.deliveries.claimDue(new Date(Date.now() + 86_400_000), 1000);
    expect(claimed.map((due) => due.id)).not.toContain(lead?.id);
  });

  test("twenty quick posts from one address: five accepted, then 429 with Retry-After in French", async () => {
    const { ip } = client();
    const answers = [];
    for (let i = 0; i < 20; i += 1) {
      answers.push(await post(await personHeaders(), { ip, email: client().email }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(5).fill(201),
      ...Array<number>(15).fill(429),
    ]);
    const limited = answers[5];
    const retryAfter = Number(limited?.headers["Retry-After"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The wait as a person reads it, in the window's last minute in seconds.
    const minutes = Math.ceil(retryAfter / 60);
    const wait =
      retryAfter < 60
        ? `${retryAfter} seconde${retryAfter > 1 ? "s" : ""}`
        : `${minutes} minute${minutes > 1 ? "s" : ""}`;
    expect(limited?.body).toEqual({
      messageText: `Trop de demandes ont été envoyées depuis votre connexion. Veuillez réessayer dans ${wait}.`,
    });
  });

  test("one email, from several addresses: three a day, then 429", async () => {
    const { email } = client();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await post(await personHeaders(), { ip: client().ip, email })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
