import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import type { SqlLeadStore } from "../src/server/leads/sql-store";
import { embeddedStore, postgresStore } from "../tests/pipeline/support/stores";
import { personHeadersPool } from "../src/test-utils/anti-bot";
import { waitFor } from "../tests/pipeline/support/leads";
import { TestPostgres } from "../tests/pipeline/support/postgres";
import { SiteProcess } from "../tests/pipeline/support/site-process";
import { TestSmtp } from "../tests/pipeline/support/smtp";
import { inboxBench } from "./inbox";

// `npm run bench:leads` (beside `npm run bench:server`, load/run.mjs): 500 valid quote requests from 10 clients to `npm run serve`, on loopback
// only, once with the embedded database and once with PostgreSQL and SMTP (a throwaway cluster and an
// SMTP listener started here). Prints throughput and p50/p95/max latency against the budgets;
// exits 1 when one is missed, a request fails, or a lead is stored or emailed other than once.
// Then the inbox's pages and search with 10,000 leads on each engine (load/inbox.ts), against
// their budgets too. `--store embedded` or `--store postgres` runs one of the two engines,
// `--part posts` or `--part inbox` one of the two parts; LEADS_LOAD_PORT moves the ports
// (default 9650-9654).

const requests = 500;
const clients = 10;
// p95 of a post's answer. The embedded engine commits each lead with an fsync of SQLite's WAL
// (synchronous=FULL: src/server/leads/sqlite-database.ts), PostgreSQL with its own.
const budgets = { embedded: 150, postgres: 250 } as const;
/**
 * The server's resident memory after the 500 posts. The embedded engine's was 855 MB on PGlite;
 * on SQLite it is the server's own, most of it Node and Fastify (the compiled server, no
 * TypeScript loader). PostgreSQL's memory is its own server's, not counted here.
 */
const memoryBudgetMB = { embedded: 170, postgres: 200 } as const;
type Store = keyof typeof budgets;

const basePort = Number(process.env.LEADS_LOAD_PORT ?? 9650);

const body = (i: number) =>
  JSON.stringify({
    firstName: "Éloïse",
    lastName: "Lefèvre",
    email: `eloise.lefevre+${i}@habitat-reunion.re`,
    phone: "+262 692 12 34 56",
    company: `Habitat Réunion ${i}`,
    message: "Nous gérons 4 200 logements et cherchons un partenaire pour les relances.",
    rgpd: true,
  });

interface Figures {
  store: Store;
  throughput: number;
  p50: number;
  p95: number;
  max: number;
  errors: number;
  stored: number;
  emailed: number | null;
  deliveredAfterMs: number | null;
  /** The server's resident memory once started, and after the warm-up and the 500 posts. */
  startMB: number;
  afterMB: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function load(
  site: SiteProcess,
): Promise<Omit<Figures, "store" | "stored" | "emailed" | "deliveredAfterMs" | "startMB">> {
  const latencies: number[] = [];
  let counter = 0;
  // One solved anti-bot challenge per request (each is accepted once), ready before the clock
  // starts; SiteProcess runs the server with their secret and the rate limits off (loopback).
  const solved = await personHeadersPool(requests);
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${site.url}/api/contact`,
        connections: clients,
        amount: requests,
        timeout: 10,
        requests: [
          {
            method: "POST",
            // Each request a new lead: its own key and body, as 500 visitors would send.
            setupRequest: (request) => {
              counter += 1;
              return {
                ...request,
                headers: {
                  ...solved[counter - 1],
                  "content-type": "application/json",
                  "idempotency-key": randomUUID(),
                },
                body: body(counter),
              };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) =>
      latencies.push(responseTime),
    );
  });
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    throughput: result.requests.total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1) ?? NaN,
    errors: result.errors + result.timeouts + result.non2xx,
    afterMB: site.residentMB(),
  };
}

/** A few requests first, so that start-up costs (JIT, first connections) are not measured. */
async function warmUp(site: SiteProcess): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    const answer = await site.post(JSON.parse(body(-i)), randomUUID());
    if (answer.status !== 201) throw new Error(`warm-up answered ${answer.status}`);
  }
}

async function runEmbedded(): Promise<Figures> {
  const folder = mkdtempSync(join(tmpdir(), "leads-load-"));
  const data = join(folder, "leads");
  const site = new SiteProcess(basePort, { QUOTE_DATABASE_DIR: data });
  try {
    // The database file created first, so that the server's start is an ordinary one.
    await (await embeddedStore(data)).close();
    await site.start();
    const startMB = site.residentMB();
    await warmUp(site);
    const figures = await load(site);
    await site.stop();
    // The server gone, this process opens the data folder itself, as `npm run leads` would.
    const store = await embeddedStore(data);
    const stored = (await store.leads.list()).length - 20;
    await store.close();
    return {
      store: "embedded",
      ...figures,
      startMB,
      stored,
      emailed: null,
      deliveredAfterMs: null,
    };
  } finally {
    await site.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function runPostgres(): Promise<Figures> {
  // fsync on: each commit waits for the disk, as in production.
  const postgres = new TestPostgres(basePort + 1, { durable: true });
  const smtp = new TestSmtp(basePort + 2, { parse: false });
  const site = new SiteProcess(basePort + 3, {
    DATABASE_URL: postgres.url,
    SMTP_URL: smtp.url,
    QUOTE_NOTIFY_TO: "ventes@hestia.test",
    QUOTE_MAIL_FROM: "site@hestia.test",
  });
  let store: SqlLeadStore | undefined;
  try {
    postgres.start();
    postgres.createDatabase();
    store = postgresStore(postgres.url);
    await store.migrate();
    await smtp.start();
    await site.start();
    const startMB = site.residentMB();
    await warmUp(site);
    await waitFor(() => smtp.received === 20, 30_000, "the warm-up's emails");
    const started = Date.now();
    const figures = await load(site);
    await waitFor(() => smtp.received >= 520, 120_000, "500 emails");
    const deliveredAfterMs = Date.now() - started;
    // Stopped first (it ends the deliveries under way before it exits): a late duplicate would
    // have reached the listener by then.
    await site.stop();
    const { rows } = await store.database.query<{ n: number }>("SELECT count(*) AS n FROM leads");
    return {
      store: "postgres",
      ...figures,
      startMB,
      stored: Number(rows[0]!.n) - 20,
      emailed: smtp.received - 20,
      deliveredAfterMs,
    };
  } finally {
    await site.destroy();
    await store?.close();
    await smtp.stop();
    postgres.destroy();
  }
}

function report(all: Figures[]): boolean {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  console.log(`\n${requests} valid quote requests from ${clients} clients (loopback)\n`);
  console.log(
    "| store | req/s | p50 | p95 | max | errors | stored | emailed | p95 budget | memory at start → after | memory budget | result |",
  );
  console.log(
    "| ----- | ----- | --- | --- | --- | ------ | ------ | ------- | ---------- | ----------------------- | ------------- | ------ |",
  );
  let ok = true;
  for (const f of all) {
    const pass =
      f.p95 < budgets[f.store] &&
      f.errors === 0 &&
      f.afterMB <= memoryBudgetMB[f.store] &&
      f.stored === requests &&
      (f.emailed === null || f.emailed === requests);
    ok &&= pass;
    const name = f.store === "embedded" ? "embedded" : "PostgreSQL + SMTP";
    console.log(
      `| ${name} | ${f.throughput.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.max)} | ${f.errors} | ${f.stored} | ${f.emailed ?? "—"} | < ${budgets[f.store]} ms | ${mb(f.startMB)} → ${mb(f.afterMB)} | ≤ ${memoryBudgetMB[f.store]} MB | ${pass ? "ok" : "MISSED"} |`,
    );
  }
  for (const f of all) {
    if (f.deliveredAfterMs !== null) {
      console.log(
        `\nPostgreSQL + SMTP: every email delivered ${(f.deliveredAfterMs / 1000).toFixed(1)} s after the first request.`,
      );
    }
  }
  return ok;
}

async function main(): Promise<void> {
  const index = process.argv.indexOf("--store");
  const only = index === -1 ? undefined : process.argv[index + 1];
  if (only !== undefined && only !== "embedded" && only !== "postgres") {
    throw new Error("--store takes embedded or postgres");
  }
  const partAt = process.argv.indexOf("--part");
  const part = partAt === -1 ? undefined : process.argv[partAt + 1];
  if (part !== undefined && part !== "posts" && part !== "inbox") {
    throw new Error("--part takes posts or inbox");
  }
  const engines = (["embedded", "postgres"] as const).filter((engine) =>
    only !== undefined ? engine === only : true,
  );
  let ok = true;
  if (part !== "inbox") {
    const all: Figures[] = [];
    for (const engine of engines)
      all.push(await (engine === "embedded" ? runEmbedded() : runPostgres()));
    ok = report(all);
  }
  if (part !== "posts") ok = (await inboxBench(engines, basePort + 4)) && ok;
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
