/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../../../app";
import { fixedSite } from "../../../site-files";
import { openLeadStore } from "../../../../leads/open-store";
import type { SqlLeadStore } from "../../../../leads/sql-store";
import { createQuoteEndpoint } from "../../../../quote-endpoint";
import { parseRateLimits } from "../../../../spam/rate-limit";
import { embeddedSettings, makeLead, waitFor } from "../../../../../test-utils/leads";
import { clearTables } from "../../../../../test-utils/store-contract/engines";
import { testChallengeSecret } from "../../../../../test-utils/anti-bot";
import { captureLog } from "../../../../../test-utils/log-capture";
import { TestSmtp } from "../../../../../../tests/pipeline/support/smtp";

// The team's inbox through the production app (Fastify's inject), on the embedded store, with a
// real SMTP listener for the sign-in links: who may sign in, how, and what each bad input gets.
// tests/pipeline/team-inbox.test.ts goes through the same pages in Chromium, on both engines.

const site = "http://127.0.0.1:9761";
const smtp = new TestSmtp(9760);
const dataDir = join(mkdtempSync(join(tmpdir(), "team-data-")), "leads");
let store: SqlLeadStore;
let app: FastifyInstance;
let folder: string;
let logged: ReturnType<typeof captureLog>;

const team = new Map([
  ["ventes@hestia.test", "sales" as const],
  ["dpo@hestia.test", "admin" as const],
]);

beforeAll(async () => {
  store = await openLeadStore(embeddedSettings(dataDir));
  await smtp.start();
}, 120_000);

afterAll(async () => {
  await store.close();
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function appWith(members: ReadonlyMap<string, "sales" | "admin">) {
  folder = mkdtempSync(join(tmpdir(), "team-"));
  const publicDir = join(folder, "public");
  mkdirSync(publicDir);
  writeFileSync(join(publicDir, "index.html"), "<!doctype html><title>Accueil</title>");
  writeFileSync(join(publicDir, "404.html"), "<!doctype html><title>Introuvable</title>");
  writeFileSync(join(publicDir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  logged = captureLog();
  const email = {
    smtpUrl: smtp.url,
    to: ["ventes@hestia.test"],
    from: "site@hestia.test",
    ack: false,
  };
  const delivery = { config: { email, webhook: null, siteUrl: site } };
  return buildApp({
    site: fixedSite(publicDir),
    endpoint: createQuoteEndpoint({
      store: async () => store,
      spam: { secret: testChallengeSecret, limits: parseRateLimits("off") },
    }),
    spam: { secret: testChallengeSecret },
    log: logged.log,
    inbox: { store: async () => store, team: members, email, delivery, siteUrl: site },
  });
}

beforeEach(async () => {
  await clearTables(store);
  smtp.mails.length = 0;
  app = await appWith(team);
});

afterEach(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (url: string, fields: Record<string, string>, extra: Partial<InjectOptions> = {}) =>
  app.inject({
    method: "POST",
    url,
    payload: form(fields),
    ...extra,
    headers: { "content-type": "application/x-www-form-urlencoded", ...extra.headers },
  });

/** The token of the last sign-in link emailed to `to`. */
async function linkTokenOf(to: string): Promise<string> {
  await waitFor(
    () => smtp.mails.some((mail) => mail.to && JSON.stringify(mail.to).includes(to)),
    5000,
    "the link's email",
  );
  const mail = smtp.mails.filter((m) => JSON.stringify(m.to).includes(to)).at(-1)!;
  return /jeton=([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
}

/** Signs `email` in through its emailed link; resolves to the session's cookie and form token. */
async function signIn(email: string): Promise<{ cookie: string; csrf: string }> {
  await post("/equipe/lien", { email });
  const token = await linkTokenOf(email);
  const answer = await post("/equipe/connexion", { jeton: token });
  expect(answer.statusCode).toBe(303);
  const cookie = String(answer.headers["set-cookie"]).split(";")[0]!;
  const inbox = await app.inject({ url: "/equipe/", headers: { cookie } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(inbox.body)![1]!;
  return { cookie, csrf };
}

describe("without TEAM_EMAILS", () => {
  it("says in French that no one is allowed yet, and sends no link", async () => {
    await app.close();
    app = await appWith(new Map());
    const page = await app.inject({ url: "/equipe/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Personne n&#x27;est encore autorisé");
    expect((await post("/equipe/lien", { email: "ventes@hestia.test" })).statusCode).toBe(403);
    expect(smtp.mails).toHaveLength(0);
  });
});

describe("signing in", () => {
  it("answers the same whatever the address, and emails a link to a member only", async () => {
    const member = await post("/equipe/lien", { email: "Ventes@Hestia.test" });
    const stranger = await post("/equipe/lien", { email: "intrus@exemple.fr" });
    expect(member.statusCode).toBe(200);
    expect(stranger.body).toBe(member.body);
    expect(member.body).toContain("Si cette adresse fait partie de l&#x27;équipe");
    await linkTokenOf("ventes@hestia.test");
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.subject).toBe("Votre lien de connexion à la boîte des demandes");
  });

  it("opens a page with a button from the link, and signs in only when it is pressed, once", async () => {
    await post("/equipe/lien", { email: "ventes@hestia.test" });
    const token = await linkTokenOf("ventes@hestia.test");
    // A mail scanner following the link twice uses nothing.
    for (let i = 0; i < 2; i += 1) {
      const page = await app.inject({ url: `/equipe/connexion?jeton=${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Se connecter");
    }
    const signedIn = await post("/equipe/connexion", { jeton: token });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe("/equipe/");
    const cookie = String(signedIn.headers["set-cookie"]);
    expect(cookie).toMatch(/^__Host-equipe=[A-Za-z0-9_-]{43};/);
    for (const attribute of ["Path=/", "HttpOnly", "Secure", "SameSite=Strict", "Max-Age=43200"]) {
      expect(cookie).toContain(attribute);
    }
    expect(cookie).not.toMatch(/Domain=/i);

    const again = await post("/equipe/connexion", { jeton: token });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("a déjà servi, a expiré ou n&#x27;est pas valide");
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a forged or malformed link in French, logged with the request's id", async () => {
    const forged = await post("/equipe/connexion", { jeton: "A".repeat(43) });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(`référence : ${forged.headers["x-request-id"]}`);
    expect(
      logged.lines.some(
        (l) => l.reqId === forged.headers["x-request-id"] && /refused/.test(String(l.msg)),
      ),
    ).toBe(true);
    const malformed = await app.inject({ url: "/equipe/connexion?jeton=%3Cscript%3E" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain("<script>");
  });

  it("limits link requests per address", async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push((await post("/equipe/lien", { email: "dpo@hestia.test" })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it("answers a form too large, or a bad date or page, in French", async () => {
    const huge = await post("/equipe/lien", { email: "x".repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers["content-type"]).toMatch(/^text\/html/);
    expect(huge.body).toContain("rien n&#x27;a été fait");
    const { cookie } = await signIn("ventes@hestia.test");
    const badDay = await app.inject({ url: "/equipe/?du=2024-02-31", headers: { cookie } });
    expect(badDay.body).toContain("La date « 2024-02-31 » n&#x27;est pas une date");
    const far = await app.inject({ url: "/equipe/?q=x&page=999999", headers: { cookie } });
    expect(far.statusCode).toBe(302);
    expect(far.headers.location).toBe("/equipe/?q=x");
  });

  it("refuses a sign-in posted from another site", async () => {
    const answer = await post(
      "/equipe/lien",
      { email: "ventes@hestia.test" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(answer.statusCode).toBe(403);
    expect(smtp.mails).toHaveLength(0);
  });

  it("reloads a page opened from another site, where the browser keeps the strict cookie back", async () => {
    const url = "/equipe/?quarantaine=oui";
    const fromMail = await app.inject({ url, headers: { "sec-fetch-site": "cross-site" } });
    expect(fromMail.statusCode).toBe(200);
    expect(fromMail.body).toContain(`<meta http-equiv="refresh" content="0;url=${url}"/>`);
    // Reloaded from the site itself, without a session: the sign-in page, no loop.
    const reloaded = await app.inject({ url, headers: { "sec-fetch-site": "same-origin" } });
    expect(reloaded.body).toContain("Recevoir un lien de connexion");
  });

  it("ends the session on the server when signing out: the old cookie opens nothing", async () => {
    const { cookie, csrf } = await signIn("ventes@hestia.test");
    const out = await post("/equipe/deconnexion", { csrf }, { headers: { cookie } });
    expect(out.statusCode).toBe(303);
    const after = await app.inject({ url: "/equipe/", headers: { cookie } });
    expect(after.body).toContain("Recevoir un lien de connexion");
    expect(after.body).not.toContain("Demandes de devis</h1>");
  });
});

describe("the inbox", () => {
  const hostile = {
    firstName: "<script>alert(1)</script>",
    lastName: '"><img src=x onerror=alert(1)>',
    company: '=HYPERLINK("https://evil.example";"clic")',
    message: `javascript:alert(1) ${"x".repeat(9_950)}`,
  };

  it("shows a hostile request inert, with every page's headers", async () => {
    await store.save(makeLead(hostile));
    const { cookie } = await signIn("ventes@hestia.test");
    const page = await app.inject({ url: "/equipe/", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("<script>alert");
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'none'/);
    expect(page.headers["content-security-policy"]).not.toMatch(/script-src/);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const lead = (await store.list())[0]!;
    const detail = await app.inject({ url: `/equipe/demandes/${lead.id}`, headers: { cookie } });
    expect(detail.body).not.toContain('href="javascript:');
    expect(detail.body).toContain("x".repeat(9_950));
  });

  it("pages the list 50 at a time, newest first, and searches across pages", async () => {
    for (let i = 0; i < 51; i += 1) {
      await store.save({
        ...makeLead({ company: `Bailleur n° ${i}` }),
        receivedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      });
    }
    const { cookie } = await signIn("ventes@hestia.test");
    const first = await app.inject({ url: "/equipe/", headers: { cookie } });
    expect(first.body).toContain("51 demandes, page 1 sur 2.");
    expect(first.body.indexOf("Bailleur n° 50")).toBeLessThan(first.body.indexOf("Bailleur n° 49"));
    expect(first.body).not.toContain("Bailleur n° 0<");
    expect(first.body).toContain('href="/equipe/?page=2"');
    const second = await app.inject({ url: "/equipe/?page=2", headers: { cookie } });
    expect(second.body).toContain("Bailleur n° 0<");
    expect(second.body).toContain('href="/equipe/"');
    const search = await app.inject({ url: "/equipe/?q=n%C2%B0%207", headers: { cookie } });
    expect(search.body).toContain("1 demande.");
  });

  it("refuses a post without the page's token, or from another origin, and changes nothing", async () => {
    const lead = makeLead();
    await store.save(lead);
    const { cookie, csrf } = await signIn("ventes@hestia.test");
    const url = `/equipe/demandes/${lead.id}/statut`;
    const missing = await post(url, { statut: "traitee" }, { headers: { cookie } });
    const foreign = await post(
      url,
      { statut: "traitee", csrf },
      { headers: { cookie, origin: "https://evil.example" } },
    );
    const otherSession = await post(
      url,
      { statut: "traitee", csrf: "B".repeat(43) },
      { headers: { cookie } },
    );
    for (const answer of [missing, foreign, otherSession]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toContain("rien n&#x27;a été fait");
    }
    expect((await store.get(lead.id))?.status).toBe("new");
    const done = await post(url, { statut: "traitee", csrf }, { headers: { cookie } });
    expect(done.statusCode).toBe(303);
    expect((await store.get(lead.id))?.status).toBe("done");
  });

  it("keeps erasure and the audit log for admins, and records who did what", async () => {
    const lead = makeLead({ email: "marie@oph.fr" });
    await store.save(lead);
    const sales = await signIn("ventes@hestia.test");
    expect(
      (await app.inject({ url: "/equipe/journal", headers: { cookie: sales.cookie } })).statusCode,
    ).toBe(403);
    const refused = await post(
      "/equipe/effacer",
      { email: "marie@oph.fr", nombre: "1", csrf: sales.csrf },
      { headers: { cookie: sales.cookie } },
    );
    expect(refused.statusCode).toBe(403);
    expect(await store.get(lead.id)).toBeDefined();

    const admin = await signIn("dpo@hestia.test");
    const wrong = await post(
      "/equipe/effacer",
      { email: "marie@oph.fr", nombre: "2", csrf: admin.csrf },
      { headers: { cookie: admin.cookie } },
    );
    expect(wrong.statusCode).toBe(409);
    expect(await store.get(lead.id)).toBeDefined();
    const erased = await post(
      "/equipe/effacer",
      { email: "marie@oph.fr", nombre: "1", csrf: admin.csrf },
      { headers: { cookie: admin.cookie } },
    );
    expect(erased.statusCode).toBe(200);
    expect(await store.get(lead.id)).toBeUndefined();

    const journal = await app.inject({ url: "/equipe/journal", headers: { cookie: admin.cookie } });
    expect(journal.body).toContain("Effacement");
    expect(journal.body).toContain("dpo@hestia.test");
    expect(journal.body).toContain("Connexion");
    // The erasure is recorded without what it erased.
    const { entries } = await store.auditLog({ limit: 50, offset: 0 });
    expect(JSON.stringify(entries)).not.toContain("marie@oph.fr");
  });

  it("exports what the list shows as CSV for French Excel, formulas inert", async () => {
    await store.save(makeLead(hostile));
    const { cookie } = await signIn("ventes@hestia.test");
    const csv = await app.inject({ url: "/equipe/export.csv", headers: { cookie } });
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="demandes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain(";");
    expect(text).toContain(`"'=HYPERLINK(`);
    expect(text).not.toMatch(/(^|;)"?=HYPERLINK/m);
    const json = await app.inject({ url: "/equipe/export.json", headers: { cookie } });
    expect(JSON.parse(json.body)).toHaveLength(1);
  });
});
