import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SqlLeadStore } from "../src/server/leads/sql-store";
import { createLogger } from "../src/server/log/logger";
import { secretHash } from "../src/server/team/sign-in";
import { smallSite, testConfig, testServer } from "../src/test-utils/test-server";
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
  // The server as it runs, with the inbox on its origin (inject's requests come as Host:
  // localhost), on the benchmark's store. The SMTP relay is never reached: no link is asked for
  // and no lead posted. The longest retention, so that the purge at start keeps every lead
  // however old the benchmark's dates become.
  const config = testConfig(folder, {
    TEAM_URL: "http://localhost",
    TEAM_EMAILS: "ventes@exemple.fr:sales",
    SMTP_URL: "smtp://127.0.0.1:1",
    QUOTE_NOTIFY_TO: "ventes@exemple.fr",
    QUOTE_MAIL_FROM: "site@exemple.fr",
    QUOTE_ACK: "0",
    SITE_URL: "http://127.0.0.1",
    QUOTE_RETENTION_DAYS: "100000",
  });
  const app = await testServer(config, {
    publicDir: smallSite(folder),
    store,
    log: createLogger("silent"),
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
