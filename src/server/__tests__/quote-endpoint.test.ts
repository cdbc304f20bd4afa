/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type RequestListener } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import { readServerConfig } from "../config";
import { createSiteServer } from "../http/site-server";
import { sharedLeadStore } from "../leads/open-store";
import type { Lead } from "../leads/lead-store";
import { setProcessLogger } from "../log/logger";
import { createQuoteEndpoint } from "../quote-endpoint";
import { parseRateLimits } from "../spam/rate-limit";
import { personHeaders, testChallengeSecret } from "../../test-utils/anti-bot";
import { captureLog } from "../../test-utils/log-capture";

// The one quote endpoint, exercised as a client sees it through each of its two adapters, with
// real HTTP requests:
// - the production server (`npm run serve`, src/server/http/site-server.ts);
// - the Gatsby Function (src/api/contact.ts, for `gatsby develop`): an express server running
//   Gatsby's own function middlewares and Gatsby's own wrapper around a function module (what
//   its webpack loader emits). Only webpack itself is left out. If a Gatsby upgrade changes how
//   bodies reach functions, these tests say so.

jest.mock("gatsby-cli/lib/reporter", () => ({
  __esModule: true,
  default: { log: jest.fn(), verbose: jest.fn(), warn: jest.fn(), error: jest.fn() },
}));

type ExpressApp = RequestListener & { use(path: string, ...handlers: unknown[]): unknown };

interface GatsbyFunction {
  functionRoute: string;
  matchPath: string | undefined;
  pluginName: string;
  originalAbsoluteFilePath: string;
  originalRelativeFilePath: string;
  relativeCompiledFilePath: string;
  absoluteCompiledFilePath: string;
}

interface FunctionsMiddleware {
  functionMiddlewares(config: {
    getFunctions: () => GatsbyFunction[];
    showDebugMessageInResponse?: boolean;
  }): unknown[];
}

interface FunctionLoader {
  default: (this: { resourceQuery: string; resourcePath: string }) => Promise<string>;
}

type ReporterMock = { default: Record<"log" | "verbose" | "warn" | "error", jest.Mock> };

const functionsDir = "gatsby/dist/internal-plugins/functions";
const handlerPath = resolve(__dirname, "../../api/contact.ts");

const tempDirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "quote-endpoint-"));
  tempDirs.push(dir);
  return dir;
}

interface Running {
  /** The endpoint's URL. */
  url: string;
  close(): Promise<void>;
}

async function startGatsbyFunction(): Promise<Running> {
  // What Gatsby's webpack loader wraps around src/api/contact.ts, written where Node can load it.
  const loader = jest.requireActual<FunctionLoader>(`${functionsDir}/api-function-webpack-loader`);
  const wrapperSource = await loader.default.call({
    resourceQuery: "?matchPath=",
    resourcePath: handlerPath,
  });
  const wrapperPath = join(tempDir(), "contact.js");
  writeFileSync(wrapperPath, wrapperSource);

  const express = jest.requireActual<() => ExpressApp>("express");
  const { functionMiddlewares } = jest.requireActual<FunctionsMiddleware>(
    `${functionsDir}/middleware`,
  );
  const contactFunction: GatsbyFunction = {
    functionRoute: "contact",
    matchPath: undefined,
    pluginName: "default-site-plugin",
    originalAbsoluteFilePath: handlerPath,
    originalRelativeFilePath: "contact.ts",
    relativeCompiledFilePath: "contact.js",
    absoluteCompiledFilePath: wrapperPath,
  };
  const app = express();
  app.use("/api/*", ...functionMiddlewares({ getFunctions: () => [contactFunction] }));

  const server = createServer(app);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/contact`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

async function startProductionServer(): Promise<Running> {
  // The smallest built site the server accepts; its pages are tested in site-server.test.ts.
  const publicDir = join(tempDir(), "public");
  mkdirSync(publicDir);
  writeFileSync(join(publicDir, "index.html"), "<!doctype html><title>Accueil</title>");
  writeFileSync(join(publicDir, "404.html"), "<!doctype html><title>Introuvable</title>");
  writeFileSync(join(publicDir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  // The store as the Gatsby Function finds it, so that a test's QUOTE_DATABASE_DIR applies;
  // `npm run serve` reads its configuration and opens its store once instead.
  const spam = { secret: testChallengeSecret, limits: parseRateLimits("off") };
  const app = await createSiteServer({
    publicDir,
    endpoint: createQuoteEndpoint({
      store: () => sharedLeadStore(readServerConfig().store),
      spam,
    }),
    spam,
    log: logged.log,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/contact`,
    close: () => app.close(),
  };
}

let endpoint: string;
// What the server and the Gatsby Function log, read by the storage failures' tests.
const logged = captureLog();
// One embedded database for the file (opening one takes seconds), emptied before each test.
const dataFolder = join(tempDir(), "data", "leads");

// These tests are about the protocol: every request carries a solved challenge, and the rate
// limits, tested in tests/pipeline/spam-endpoint.test.ts, are off.
process.env.QUOTE_CHALLENGE_SECRET = testChallengeSecret;
process.env.QUOTE_RATE_LIMIT = "off";

afterAll(async () => {
  await (await sharedLeadStore(readServerConfig({ QUOTE_DATABASE_DIR: dataFolder }).store)).close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  // A folder that does not exist at first: the store must create it.
  process.env.QUOTE_DATABASE_DIR = dataFolder;
  // `gatsby develop` loads the function's bundle again on every request, its configuration with
  // it; here its module is loaded again at the next request after each change of configuration.
  jest.resetModules();
  logged.lines.length = 0;
  setProcessLogger(logged.log);
  const store = await sharedLeadStore(readServerConfig().store);
  await store.database.query(
    "TRUNCATE leads, lead_deliveries, spent_challenges, rate_counters, rate_hits",
  );
}, 120_000);

afterEach(() => {
  delete process.env.QUOTE_DATABASE_DIR;
  jest.restoreAllMocks();
});

const validRequest = {
  firstName: "  Jeanne ",
  lastName: "D'Arc-Dupont",
  email: " jeanne.dupont@office-hlm.fr ",
  phone: "01 23 45 67 89",
  company: " Office HLM de Lyon ",
  message: "Nous souhaitons externaliser le recouvrement de 120 dossiers.  ",
  rgpd: true,
};

const cleanedRequest: QuoteRequest = {
  firstName: "Jeanne",
  lastName: "D'Arc-Dupont",
  email: "jeanne.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: "Office HLM de Lyon",
  message: "Nous souhaitons externaliser le recouvrement de 120 dossiers.",
  rgpd: true,
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call({
  url = endpoint,
  ...init
}: RequestInit & { url?: string } = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.startsWith("application/json") ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: isJson ? JSON.parse(text) : text,
  };
}

/** A POST as the site's form sends it: a solved anti-bot challenge and the typing time. */
async function post(
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return call({
    method: "POST",
    headers: { "Content-Type": "application/json", ...(await personHeaders()), ...headers },
    body,
  });
}

const postJson = (value: unknown, headers?: Record<string, string>) =>
  post(JSON.stringify(value), headers);

/**
 * One request written on a bare socket: the request line's method, then headers, then body
 * parts, possibly fewer bytes than announced. Resolves with what the server sent before it
 * closed the connection (or within two seconds).
 */
function rawExchange([method, ...headers]: string[], bodyParts: Buffer[]): Promise<string> {
  const { hostname, port, pathname } = new URL(endpoint);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      done(Buffer.concat(received).toString("utf8"));
    };
    const timer = setTimeout(finish, 2000);
    socket.on("data", (data) => received.push(data));
    socket.on("close", finish);
    // The server may close while we still write: what it answered is what counts.
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE" ? finish() : fail(error),
    );
    socket.write(
      `${method} ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\n${headers.join("\r\n")}\r\n\r\n`,
    );
    for (const part of bodyParts) socket.write(part);
  });
}

/** The leads stored, oldest first. */
async function storedLeads(): Promise<Lead[]> {
  return (await sharedLeadStore(readServerConfig({ QUOTE_DATABASE_DIR: dataFolder }).store)).list();
}

function expectJsonHeaders(answer: Answer) {
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(answer.headers.get("cache-control")).toBe("no-store");
}

function reporter() {
  return jest.requireMock<ReporterMock>("gatsby-cli/lib/reporter").default;
}

describe.each([
  ["production server (npm run serve)", startProductionServer],
  ["Gatsby Function (gatsby develop)", startGatsbyFunction],
])("%s", (_adapter, start) => {
  let running: Running;
  beforeAll(async () => {
    running = await start();
    endpoint = running.url;
  });
  afterAll(() => running.close());

  describe("POST /api/contact, accepted", () => {
    it("answers 201 with an id after storing one line of cleaned values", async () => {
      const before = Date.now();
      const answer = await postJson(validRequest);

      expect(answer.status).toBe(201);
      expectJsonHeaders(answer);
      expect(answer.body).toEqual({ id: expect.stringMatching(uuidPattern) });
      const lines = await storedLeads();
      expect(lines).toEqual([
        {
          id: (answer.body as { id: string }).id,
          idempotencyKey: null,
          fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
          receivedAt: expect.any(String),
          request: cleanedRequest,
          quarantine: null,
          requestId: answer.headers.get("x-request-id"),
          deliveries: {},
        },
      ]);
      expect(answer.headers.get("x-request-id")).toMatch(uuidPattern);
      const receivedAt = lines[0]?.receivedAt ?? "";
      expect(new Date(receivedAt).toISOString()).toBe(receivedAt);
      expect(Date.parse(receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    });

    it("accepts a charset parameter and any case in the Content-Type", async () => {
      const answer = await postJson(validRequest, {
        "Content-Type": "Application/JSON; charset=UTF-8",
      });
      expect(answer.status).toBe(201);
    });

    // A second database, created on the way: initdb takes seconds, tens on a busy machine.
    it("reads the database folder from its configuration, again when its module loads", async () => {
      const otherFolder = join(tempDir(), "other");
      await postJson(validRequest);
      process.env.QUOTE_DATABASE_DIR = otherFolder;
      jest.resetModules();
      await postJson(validRequest);
      const other = await sharedLeadStore(readServerConfig().store);
      expect(await other.list()).toHaveLength(1);
      await other.close();
      expect(await storedLeads()).toHaveLength(1);
    }, 300_000);
  });

  describe("POST /api/contact, invalid fields (422)", () => {
    it("lists every field's required message, in form order, for an empty object", async () => {
      const answer = await postJson({});

      expect(answer.status).toBe(422);
      expectJsonHeaders(answer);
      expect(answer.body).toEqual({
        messageText: "Certains champs sont invalides",
        details: [
          { field: "firstName", message: "Le prénom est requis" },
          { field: "lastName", message: "Le nom est requis" },
          { field: "email", message: "L'email est requis" },
          { field: "phone", message: "Le téléphone est requis" },
          { field: "company", message: "Le nom de l'organisme est requis" },
          { field: "message", message: "La description de vos besoins est requise" },
          {
            field: "rgpd",
            message: "Vous devez accepter d'être recontacté pour envoyer votre demande",
          },
        ],
      });
      expect(await storedLeads()).toEqual([]);
    });

    it("names only the failing field, with its French message", async () => {
      const answer = await postJson({ ...validRequest, phone: "+44 1 23 45 67 89" });

      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        messageText: "Certains champs sont invalides",
        details: [
          {
            field: "phone",
            message:
              "Format de téléphone français invalide (ex: 01 23 45 67 89 ou +33 1 23 45 67 89)",
          },
        ],
      });
    });

    it("puts unexpected fields after the form's fields", async () => {
      const answer = await postJson({
        isAdmin: true,
        ...validRequest,
        firstName: "J",
        rgpd: false,
      });

      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        messageText: "Certains champs sont invalides",
        details: [
          { field: "firstName", message: "Le prénom doit contenir entre 2 et 50 caractères" },
          {
            field: "rgpd",
            message: "Vous devez accepter d'être recontacté pour envoyer votre demande",
          },
          { field: "isAdmin", message: "Ce champ n'est pas attendu" },
        ],
      });
    });

    it.each([["[]"], ['"bonjour"'], ["null"], ["42"]])(
      "answers a JSON body that is not an object (%s) with the form-level message",
      async (body) => {
        const answer = await post(body);
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual({
          messageText: "La demande doit être un objet JSON",
          details: [],
        });
      },
    );
  });

  describe("POST /api/contact, refused requests", () => {
    it.each(["GET", "PUT", "DELETE", "PATCH", "OPTIONS"])(
      "answers %s with 405 and Allow: POST",
      async (method) => {
        const answer = await call({ method });
        expect(answer.status).toBe(405);
        expect(answer.headers.get("allow")).toBe("POST");
        expectJsonHeaders(answer);
        expect(answer.body).toEqual({ messageText: "Méthode non autorisée" });
      },
    );

    it.each([
      ["text/plain", { "Content-Type": "text/plain" }],
      ["a form", { "Content-Type": "application/x-www-form-urlencoded" }],
      ["a JSON look-alike", { "Content-Type": "application/jsonp" }],
      ["an image", { "Content-Type": "image/png" }],
    ])("answers %s with 415", async (_name, headers) => {
      const answer = await post(JSON.stringify(validRequest), headers);
      expect(answer.status).toBe(415);
      expectJsonHeaders(answer);
      expect(answer.body).toEqual({
        messageText: "Le corps de la requête doit être du JSON (application/json)",
      });
      expect(await storedLeads()).toEqual([]);
    });

    it("answers 415 to a multipart form, which Gatsby's multer reads first", async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(validRequest)) form.append(name, String(value));
      const answer = await call({ method: "POST", body: form });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({
        messageText: "Le corps de la requête doit être du JSON (application/json)",
      });
    });

    it("answers 415 when the Content-Type is missing", async () => {
      const answer = await call({ method: "POST", body: new Blob([JSON.stringify(validRequest)]) });
      expect(answer.status).toBe(415);
    });

    it("accepts a body of exactly 10 240 bytes and refuses 10 241 with 413", async () => {
      const json = JSON.stringify(validRequest);
      const exactly = json + " ".repeat(10_240 - Buffer.byteLength(json));
      expect(Buffer.byteLength(exactly)).toBe(10_240);

      expect((await post(exactly)).status).toBe(201);
      const tooLarge = await post(`${exactly} `);
      expect(tooLarge.status).toBe(413);
      expectJsonHeaders(tooLarge);
      expect(tooLarge.body).toEqual({
        messageText: "La demande dépasse la taille maximale de 10 Ko",
      });
      expect(await storedLeads()).toHaveLength(1);
    });

    it("answers a declared length over the limit at once, without waiting for the body", async () => {
      const answer = await rawExchange(
        ["POST", "Content-Type: application/json", `Content-Length: ${50 * 1024 * 1024}`],
        [Buffer.from('{"firstName":"')],
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toMatch(/^connection: close\r$/im);
      expect(answer).toContain("La demande dépasse la taille maximale de 10 Ko");
    });

    it("stops reading a chunked body past the limit and answers 413 before its end", async () => {
      // 20 KiB sent, the final chunk never: only an answer that did not wait for it arrives.
      const chunk = Buffer.from(" ".repeat(4096));
      const chunks = Array.from({ length: 5 }, () =>
        Buffer.concat([Buffer.from("1000\r\n"), chunk, Buffer.from("\r\n")]),
      );
      const answer = await rawExchange(
        ["POST", "Content-Type: application/json", "Transfer-Encoding: chunked"],
        chunks,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain("La demande dépasse la taille maximale de 10 Ko");
    });

    it("counts bytes, not characters", async () => {
      // 6 000 "é" are 12 000 bytes in UTF-8: over the limit, though fewer than 10 240 characters.
      const answer = await postJson({ ...validRequest, message: "é".repeat(6_000) });
      expect(answer.status).toBe(413);
    });

    it("answers a body over 1 MB with its own 413, not Gatsby's", async () => {
      const answer = await post(" ".repeat(1024 * 1024 + 1));
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({
        messageText: "La demande dépasse la taille maximale de 10 Ko",
      });
    });

    it.each([
      ["malformed JSON", '{"firstName": "Jeanne",'],
      ["an empty body", ""],
      ["bytes that are not UTF-8", new Uint8Array([0x22, 0xff, 0xfe, 0x22])],
    ])("answers %s with 400", async (_name, body) => {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expectJsonHeaders(answer);
      expect(answer.body).toEqual({
        messageText: "Le corps de la requête n'est pas un JSON valide",
      });
    });

    it.each([
      ["empty", ""],
      ["too long", "k".repeat(201)],
      ["with a space", "my key"],
      ["with a non-ASCII character", "clé"],
    ])("answers an Idempotency-Key %s with 400", async (_name, key) => {
      const answer = await postJson(validRequest, { "Idempotency-Key": key });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ messageText: "En-tête Idempotency-Key invalide" });
      expect(await storedLeads()).toEqual([]);
    });
  });

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

  describe("POST /api/contact, storage failures", () => {
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
});

describe("production server", () => {
  let running: Running;
  beforeAll(async () => {
    running = await startProductionServer();
    endpoint = running.url;
  });
  afterAll(() => running.close());

  // Under `gatsby develop`, Gatsby's router answers /api/contact/ with its own 404.
  it("answers /api/contact/, with a final slash, as /api/contact", async () => {
    const answer = await call({
      method: "POST",
      headers: { "Content-Type": "application/json", ...(await personHeaders()) },
      body: JSON.stringify(validRequest),
      url: `${endpoint}/`,
    });
    expect(answer.status).toBe(201);
    expect(await storedLeads()).toHaveLength(1);
    const refused = await call({ method: "GET", url: `${endpoint}/` });
    expect(refused.status).toBe(405);
    expect(refused.body).toEqual({ messageText: "Méthode non autorisée" });
  });
});

describe("Gatsby Function", () => {
  it("keeps Gatsby's body parsers out of the way: the function's config is valid", async () => {
    const running = await startGatsbyFunction();
    endpoint = running.url;
    try {
      expect((await postJson(validRequest)).status).toBe(201);
    } finally {
      await running.close();
    }
    // An invalid `config` export makes Gatsby warn and fall back to its JSON parser.
    expect(reporter().warn).not.toHaveBeenCalled();
  });
});
