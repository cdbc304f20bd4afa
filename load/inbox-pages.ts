import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeliveryRunner } from "../src/server/delivery/runner";
import { buildApp } from "../src/server/http/app";
import { fixedSite } from "../src/server/http/site-files";
import type { SqlLeadStore } from "../src/server/leads/sql-store";
import { createLogger } from "../src/server/log/logger";
import { createQuoteEndpoint } from "../src/server/quote-endpoint";
import { parseRateLimits } from "../src/server/spam/rate-limit";
import { secretHash } from "../src/server/team/sign-in";
import { percentile, pick, runs, warmUpRuns, type Timing } from "./timing";

// The inbox's page in the benchmark of ./inbox.ts, with its leads already stored.

/** p95 of a whole page, in ms: the server's budget. */
export const pageBudgets = { pageFirst: 100, pageSearch: 100, pageDeep: 100 } as const;
type PageName = keyof typeof pageBudgets;

/**
 * The inbox's page itself, as a signed-in member gets it: the production app (its routes, the
 * store's query, React's rendering), asked through Fastify's inject, a session made beforehand.
 */
export async function timePages(
  engine: string,
  store: SqlLeadStore,
): Promise<(Timing & { query: PageName })[]> {
  const folder = mkdtempSync(join(tmpdir(), "inbox-pages-"));
  const publicDir = join(folder, "public");
  mkdirSync(publicDir);
  for (const file of ["index.html", "404.html"])
    writeFileSync(join(publicDir, file), "<!doctype html>");
  writeFileSync(join(publicDir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  const secret = "s".repeat(43);
  const now = new Date();
  await store.team.createSession({
    idHash: secretHash(secret),
    email: "ventes@exemple.fr",
    role: "sales",
    csrf: "c".repeat(43),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
  });
  const spam = { secret: "bench", limits: parseRateLimits("off") };
  const siteUrl = "http://127.0.0.1";
  const app = await buildApp({
    site: fixedSite(publicDir),
    endpoint: createQuoteEndpoint({ store: store, spam }),
    spam,
    log: createLogger("silent"),
    inbox: {
      store,
      team: new Map([["ventes@exemple.fr", "sales"]]),
      // Never used: no link is asked for.
      email: {
        smtpUrl: "smtp://127.0.0.1:1",
        to: ["ventes@exemple.fr"],
        from: "site@exemple.fr",
        ack: false,
      },
      delivery: { config: { email: null, webhook: null, siteUrl } },
      // No channel: a release (never made here) would have nothing to send.
      queue: new DeliveryRunner(store.deliveries, {
        config: { email: null, webhook: null, siteUrl },
      }),
      // The inbox's origin: inject's requests come as Host: localhost.
      teamUrl: "http://localhost",
    },
  });
  const cookie = `__Host-equipe=${secret}`;
  const timePage = async (
    query: PageName,
    what: string,
    urls: string[],
  ): Promise<Timing & { query: PageName }> => {
    const get = (url: string) => app.inject({ url, headers: { cookie } });
    for (let i = 0; i < warmUpRuns; i += 1) await get(pick(urls, i));
    const latencies: number[] = [];
    let rows = 0;
    let total = 0;
    for (let i = 0; i < runs; i += 1) {
      const target = pick(urls, i);
      const started = performance.now();
      const answer = await get(target);
      latencies.push(performance.now() - started);
      if (answer.statusCode !== 200) throw new Error(`${target}: answered ${answer.statusCode}`);
      // Rows of the page's table, its header aside.
      rows = answer.body.split("<tr>").length - 2;
      total = Number(/class="summary"[^>]*>(\d+) demande/.exec(answer.body)?.[1] ?? NaN);
    }
    latencies.sort((a, b) => a - b);
    return {
      engine,
      query,
      what,
      rows,
      total,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? NaN,
    };
  };
  try {
    return [
      await timePage("pageFirst", "page /equipe/", ["/equipe/"]),
      await timePage("pageDeep", "page /equipe/?page=180", ["/equipe/?page=180"]),
      await timePage(
        "pageSearch",
        "page with a search",
        ["dupont", "ELODIE", "habitat du nord"].map((q) => `/equipe/?q=${encodeURIComponent(q)}`),
      ),
    ];
  } finally {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
