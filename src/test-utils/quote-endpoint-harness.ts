// The quote endpoint's tests (src/server/__tests__/quote-endpoint*.test.ts) as a client sees
// the endpoint, through each of its two adapters, with real HTTP requests:
// - the production server (`npm run serve`, src/server/http/server.ts);
// - the Gatsby Function (src/api/contact.ts, for `gatsby develop`): an express server running
//   Gatsby's own function middlewares and Gatsby's own wrapper around a function module (what
//   its webpack loader emits). Only webpack itself is left out. If a Gatsby upgrade changes how
//   bodies reach functions, these tests say so.
// Each test file mocks gatsby-cli's reporter itself (jest.mock is hoisted per file).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type RequestListener } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { QuoteRequest } from "../shared/quote-request/quote-request";
import { readServerConfig } from "../server/config";
import { sharedLeadStore } from "../server/leads/open-store";
import { clearTables } from "./store-contract/engines";
import type { Lead } from "../server/leads/lead-store";
import { setProcessLogger } from "../server/log/logger";
import { personHeaders, testChallengeSecret } from "./anti-bot";
import { captureLog } from "./log-capture";
import { smallSite, testConfig, testServer } from "./test-server";

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
const handlerPath = resolve(__dirname, "../api/contact.ts");

export const tempDirs: string[] = [];

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "quote-endpoint-"));
  tempDirs.push(dir);
  return dir;
}

export interface Running {
  /** The endpoint's URL. */
  url: string;
  close(): Promise<void>;
}

export async function startGatsbyFunction(): Promise<Running> {
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

export async function startProductionServer(): Promise<Running> {
  // The server `npm run serve` starts, on the smallest built site it accepts (its pages are tested
  // in app.test.ts) and the test file's store, opened once as `npm run serve` opens its own: each
  // test empties it (the Gatsby Function reads its configuration again per request).
  const app = await testServer(testConfig(join(dataFolder, "..")), {
    publicDir: smallSite(tempDir()),
    store: await sharedLeadStore(readServerConfig({ QUOTE_DATABASE_DIR: dataFolder }).store),
    log: logged.log,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/contact`,
    close: () => app.close(),
  };
}

/** The two adapters every protocol test runs through, by name. */
export const adapters: [string, () => Promise<Running>][] = [
  ["production server (npm run serve)", startProductionServer],
  ["Gatsby Function (gatsby develop)", startGatsbyFunction],
];

let endpoint: string;
/** Where the requests below go: the adapter the current tests started. */
export function setEndpoint(url: string): void {
  endpoint = url;
}
export const endpointUrl = () => endpoint;

// What the server and the Gatsby Function log, read by the storage failures' tests.
export const logged = captureLog();
// One embedded database for the file (opening one takes seconds), emptied before each test.
export const dataFolder = join(tempDir(), "data", "leads");

/**
 * The environment and hooks of a test file: every request carries a solved challenge and the
 * rate limits (tested in tests/pipeline/spam-endpoint.test.ts) are off, since these tests are
 * about the protocol; the database is emptied before each test.
 */
export function prepareQuoteEndpointTests(): void {
  process.env.QUOTE_CHALLENGE_SECRET = testChallengeSecret;
  process.env.QUOTE_RATE_LIMIT = "off";
  afterAll(async () => {
    await (
      await sharedLeadStore(readServerConfig({ QUOTE_DATABASE_DIR: dataFolder }).store)
    ).close();
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
    await clearTables(await sharedLeadStore(readServerConfig().store));
  }, 120_000);

  afterEach(() => {
    delete process.env.QUOTE_DATABASE_DIR;
    jest.restoreAllMocks();
  });
}

/** Starts an adapter for the tests of the enclosing describe, and stops it after them. */
export function serveThrough(start: () => Promise<Running>): void {
  let running: Running;
  beforeAll(async () => {
    running = await start();
    endpoint = running.url;
  });
  afterAll(() => running.close());
}

export const validRequest = {
  firstName: "  Jeanne ",
  lastName: "D'Arc-Dupont",
  email: " jeanne.dupont@office-hlm.fr ",
  phone: "01 23 45 67 89",
  company: " Office HLM de Lyon ",
  message: "Nous souhaitons externaliser le recouvrement de 120 dossiers.  ",
  rgpd: true,
};

export const cleanedRequest: QuoteRequest = {
  firstName: "Jeanne",
  lastName: "D'Arc-Dupont",
  email: "jeanne.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: "Office HLM de Lyon",
  message: "Nous souhaitons externaliser le recouvrement de 120 dossiers.",
  rgpd: true,
};

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function call({
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
export async function post(
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return call({
    method: "POST",
    headers: { "Content-Type": "application/json", ...(await personHeaders()), ...headers },
    body,
  });
}

export const postJson = (value: unknown, headers?: Record<string, string>) =>
  post(JSON.stringify(value), headers);

/**
 * One request written on a bare socket: the request line's method, then headers, then body
 * parts, possibly fewer bytes than announced. Resolves with what the server sent before it
 * closed the connection (or within two seconds).
 */
export function rawExchange([method, ...headers]: string[], bodyParts: Buffer[]): Promise<string> {
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
export async function storedLeads(): Promise<Lead[]> {
  return (
    await sharedLeadStore(readServerConfig({ QUOTE_DATABASE_DIR: dataFolder }).store)
  ).leads.list();
}

export function expectJsonHeaders(answer: Answer) {
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(answer.headers.get("cache-control")).toBe("no-store");
}

export function reporter() {
  return jest.requireMock<ReporterMock>("gatsby-cli/lib/reporter").default;
}
