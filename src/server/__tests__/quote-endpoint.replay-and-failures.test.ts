/** @jest-environment node */
// The quote endpoint through each of its adapters (src/test-utils/quote-endpoint-harness.ts):
// idempotency, storage failures, and what only one adapter does.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { personHeaders } from "../../test-utils/anti-bot";
import {
  call,
  endpointUrl,
  expectJsonHeaders,
  logged,
  postJson,
  reporter,
  serveThrough,
  setEndpoint,
  startGatsbyFunction,
  startProductionServer,
  storedLeads,
  tempDir,
  validRequest,
  prepareQuoteEndpointTests,
  adapters,
} from "../../test-utils/quote-endpoint-harness";

jest.mock("gatsby-cli/lib/reporter", () => ({
  __esModule: true,
  default: { log: jest.fn(), verbose: jest.fn(), warn: jest.fn(), error: jest.fn() },
}));

prepareQuoteEndpointTests();

describe.each(adapters)("%s", (_adapter, start) => {
  serveThrough(start);

  describe("POST /api/contact, idempotency", () => {
    it("answers a repeated Idempotency-Key with the first id and stores nothing new", async () => {
      const key = "7c1e9d4a-2b1f-4c55-9a0e-3f1d2c4b5a69";
      const first = await postJson(validRequest, { "Idempotency-Key": key });
      const second = await postJson(validRequest, { "idempotency-key": key });

      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get("idempotent-replayed")).toBe("true");
      expect(await storedLeads()).toEqual([
        expect.objectContaining({ id: (first.body as { id: string }).id, idempotencyKey: key }),
      ]);
    });

    it("answers a key reused with another body with 422 and stores nothing new", async () => {
      const key = "a5b1c0de-0000-4000-8000-000000000001";
      const first = await postJson(validRequest, { "Idempotency-Key": key });
      const other = await postJson(
        { ...validRequest, company: "Autre organisme" },
        { "Idempotency-Key": key },
      );

      expect(first.status).toBe(201);
      expect(other.status).toBe(422);
      expectJsonHeaders(other);
      expect(other.body).toEqual({
        messageText:
          "Cet en-tête Idempotency-Key a déjà servi pour une autre demande : envoyez-la avec une nouvelle clé",
      });
      expect((await storedLeads()).map((line) => line.request.company)).toEqual([
        "Office HLM de Lyon",
      ]);
    });

    it("accepts a key of 200 visible ASCII characters", async () => {
      const key = "!~".repeat(100);
      expect((await postJson(validRequest, { "Idempotency-Key": key })).status).toBe(201);
      expect((await storedLeads())[0]?.idempotencyKey).toBe(key);
    });

    it("stores one line for fifty concurrent requests with the same key", async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => postJson(validRequest, { "Idempotency-Key": "same-key" })),
      );

      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
      const ids = new Set(answers.map((answer) => (answer.body as { id: string }).id));
      expect(ids.size).toBe(1);
      expect((await storedLeads()).map((line) => line.id)).toEqual([...ids]);
    });

    it("stores fifty whole lines for fifty concurrent different requests", async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          postJson(
            { ...validRequest, company: `Office HLM n° ${index}` },
            // Half with keys, half without: both paths share the lock.
            index % 2 === 0 ? { "Idempotency-Key": `key-${index}` } : {},
          ),
        ),
      );

      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
      const lines = await storedLeads();
      expect(lines).toHaveLength(50);
      expect(new Set(lines.map((line) => line.id)).size).toBe(50);
      expect(new Set(lines.map((line) => line.request.company)).size).toBe(50);
      expect(new Set(answers.map((answer) => (answer.body as { id: string }).id))).toEqual(
        new Set(lines.map((line) => line.id)),
      );
    });
  });
});

describe("production server", () => {
  serveThrough(startProductionServer);

  // Under `gatsby develop`, Gatsby's router answers /api/contact/ with its own 404.
  it("answers /api/contact/, with a final slash, as /api/contact", async () => {
    const answer = await call({
      method: "POST",
      headers: { "Content-Type": "application/json", ...(await personHeaders()) },
      body: JSON.stringify(validRequest),
      url: `${endpointUrl()}/`,
    });
    expect(answer.status).toBe(201);
    expect(await storedLeads()).toHaveLength(1);
    const refused = await call({ method: "GET", url: `${endpointUrl()}/` });
    expect(refused.status).toBe(405);
    expect(refused.body).toEqual({ messageText: "Méthode non autorisée" });
  });
});

describe("Gatsby Function", () => {
  it("keeps Gatsby's body parsers out of the way: the function's config is valid", async () => {
    const running = await startGatsbyFunction();
    setEndpoint(running.url);
    try {
      expect((await postJson(validRequest)).status).toBe(201);
    } finally {
      await running.close();
    }
    // An invalid `config` export makes Gatsby warn and fall back to its JSON parser.
    expect(reporter().warn).not.toHaveBeenCalled();
  });
});

// The Gatsby Function opens its store per configuration, at a request; `npm run serve` opens its
// own once, at start (src/server/http/serve.ts).
describe("Gatsby Function, storage failures", () => {
  serveThrough(startGatsbyFunction);

  it("answers 500 when the database folder cannot be made", async () => {
    const regularFile = join(tempDir(), "a-file");
    writeFileSync(regularFile, "");
    process.env.QUOTE_DATABASE_DIR = `${regularFile}/leads`;

    const answer = await postJson(validRequest);

    expect(answer.status).toBe(500);
    expectJsonHeaders(answer);
    expect(answer.body).toEqual({
      messageText: "Votre demande n'a pas pu être enregistrée, veuillez réessayer",
    });
    // One line naming the cause, with the request's id.
    expect(logged.lines.filter((line) => line.level === 50)).toEqual([
      expect.objectContaining({
        reqId: answer.headers.get("x-request-id"),
        msg: expect.stringMatching(/^quote request not stored: .*(ENOTDIR|EEXIST)/),
      }),
    ]);
  });
});
