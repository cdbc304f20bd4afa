/** @jest-environment node */
import { personHeaders } from "../../../../../test-utils/anti-bot";
import { sampleRequest } from "../../../../../test-utils/leads";
import { teamApp } from "../../../../../test-utils/team-inbox";
import { parisDay } from "../../../../audience/visitor";
import type { AudienceEvent } from "../../../../leads/sql-audience";

// « Statistiques » in the team's inbox: signed in only, the period's figures as tables (the chart
// drawn as SVG beside its table), the funnel's last step read from the lead store, a period that
// cannot be read told in French, the CSV; and the daily purge: events past 25 months summed up
// per page and day, then deleted, the days' salts before today deleted.

const t = teamApp(9767);
const today = parisDay(new Date());

const event = (overrides: Partial<AudienceEvent>): AudienceEvent => ({
  day: today,
  kind: "view",
  path: "/",
  visitor: "visitor-a",
  referrer: null,
  width: "small",
  browser: "Chrome",
  device: "mobile",
  step: null,
  lcpMs: null,
  cls: null,
  inpMs: null,
  ...overrides,
});

async function storeDay() {
  const audience = t.store.audience;
  await audience.record(event({ referrer: "www.linkedin.com" }));
  await audience.record(event({ path: "/mentions-legales" }));
  await audience.record(event({ visitor: "visitor-b", path: "/mentions-legales" }));
  await audience.record(event({ kind: "missing", path: "/ancienne-page" }));
  for (const [visitor, step] of [
    ["visitor-a", "seen"],
    ["visitor-b", "seen"],
    ["visitor-a", "started"],
    ["visitor-a", "sent"],
  ] as const) {
    await audience.record(event({ kind: "step", visitor, step }));
  }
  for (const lcpMs of [1_200, 1_800, 2_000, 3_400]) {
    await audience.record(event({ kind: "speed", lcpMs, cls: 0.02, inpMs: 80 }));
  }
  await audience.filtered(today, "robot");
}

test("signed out, the page is the sign-in's; signed in, the period's figures, the funnel ending in the requests received", async () => {
  const anonymous = await t.app.inject({ url: "/equipe/statistiques" });
  expect(anonymous.statusCode).not.toBe(200);
  expect(anonymous.body).not.toContain("Pages vues");

  await storeDay();
  // One request accepted by the server: the funnel's last step, from the lead store.
  const posted = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    headers: {
      host: "127.0.0.1:9761",
      "content-type": "application/json",
      ...(await personHeaders()),
    },
    payload: JSON.stringify(sampleRequest),
  });
  expect(posted.statusCode).toBe(201);

  // The request's email went to sales: the link is asked for by the other member.
  const { cookie } = await t.signIn("dpo@hestia.test");
  const page = await t.app.inject({ url: "/equipe/statistiques", headers: { cookie } });
  expect(page.statusCode).toBe(200);
  expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
  expect(page.body).not.toContain("<script");
  expect(page.body).toContain('<svg viewBox="0 0 640 188"');
  const funnel = /aria-labelledby="entonnoir">([\s\S]*?)<\/section>/.exec(page.body)![1]!;
  const cells = (label: string) =>
    [...funnel.matchAll(new RegExp(`<td data-label="${label}"[^>]*>([^<]*)</td>`, "g"))].map(
      (match) => match[1],
    );
  // Visitors per step, then the part of each step in the one before.
  expect(cells("Étape")).toEqual([
    "Formulaire vu",
    "Formulaire commencé",
    "Demande envoyée",
    "Demandes reçues par le serveur",
  ]);
  expect(cells("Visiteurs")).toEqual(["2", "1", "1", "1"]);
  expect(cells("Part de l&#x27;étape précédente")).toEqual(["—", "50 %", "100 %", "100 %"]);
  expect(page.body).toContain("www.linkedin.com");
  expect(page.body).toContain("/ancienne-page");
  // p75 of 1.2, 1.8, 2.0, 3.4 s.
  expect(page.body).toMatch(/2\s000 ms \(bon\)/);
  expect(page.body).toContain("0,02 (bon)");
  expect(page.body).toContain("robots d&#x27;indexation");

  const csv = await t.app.inject({
    url: `/equipe/statistiques.csv?du=${today}&au=${today}`,
    headers: { cookie },
  });
  expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.body).toContain(`"jour";"${today}";"2";"3"`);
  expect(csv.body).toContain('"formulaire";"reçu par le serveur";"";"1"');
});

test("a period that cannot be read: the last 30 days, and why, in French", async () => {
  const { cookie } = await t.signIn("ventes@hestia.test");
  for (const query of [
    "du=2026-02-30&au=2026-03-01",
    "du=2026-03-02&au=2026-03-01",
    "du=2020-01-01&au=2026-03-01",
    "du=x",
  ]) {
    const page = await t.app.inject({ url: `/equipe/statistiques?${query}`, headers: { cookie } });
    expect(page.statusCode).toBe(400);
    expect(page.body).toMatch(/voici les 30 derniers jours/);
  }
});

test("the daily purge: events past 25 months summed up per page and day, then gone; salts before today gone", async () => {
  const audience = t.store.audience;
  await audience.record(event({ day: "2024-01-10", visitor: "old-a" }));
  await audience.record(event({ day: "2024-01-10", visitor: "old-b" }));
  await audience.record(event({ day: "2024-01-10", visitor: "old-b" }));
  await audience.salt("2026-11-27", "yesterday-salt");
  await audience.purge("2024-10-28", "2026-11-28");
  const rows = async (sql: string) => (await t.store.database.query(sql)).rows;
  expect(await rows("SELECT day FROM audience_events")).toEqual([]);
  expect(await rows("SELECT day, path, views, visitors FROM audience_daily")).toEqual([
    { day: "2024-01-10", path: "/", views: 3, visitors: 2 },
  ]);
  expect(await rows("SELECT day FROM audience_salts")).toEqual([]);
});
