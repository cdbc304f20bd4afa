/** @jest-environment node */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeLead } from "../../../../../test-utils/leads";
import { teamApp } from "../../../../../test-utils/team-inbox";

// The inbox once signed in, through the production app (Fastify's inject) on the embedded store:
// hostile requests shown inert, paging, the page's token, the admin's erasure and audit log, the
// export's bytes. tests/pipeline/team-inbox.test.ts goes through them in Chromium.

const t = teamApp(9762);

describe("the inbox", () => {
  const hostile = {
    firstName: "<script>alert(1)</script>",
    lastName: '"><img src=x onerror=alert(1)>',
    company: '=HYPERLINK("https://evil.example";"clic")',
    message: `javascript:alert(1) ${"x".repeat(9_950)}`,
  };

  it("shows a hostile request inert, with every page's headers", async () => {
    await t.store.leads.save(makeLead(hostile));
    const { cookie } = await t.signIn("ventes@hestia.test");
    const page = await t.app.inject({ url: "/equipe/", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("<script>alert");
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'none'/);
    expect(page.headers["content-security-policy"]).not.toMatch(/script-src/);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const lead = (await t.store.leads.list())[0]!;
    const detail = await t.app.inject({ url: `/equipe/demandes/${lead.id}`, headers: { cookie } });
    expect(detail.body).not.toContain('href="javascript:');
    expect(detail.body).toContain("x".repeat(9_950));
  });

  it("pages the list 50 at a time, newest first, and searches across pages", async () => {
    for (let i = 0; i < 51; i += 1) {
      await t.store.leads.save({
        ...makeLead({ company: `Bailleur n° ${i}` }),
        receivedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      });
    }
    const { cookie } = await t.signIn("ventes@hestia.test");
    const first = await t.app.inject({ url: "/equipe/", headers: { cookie } });
    expect(first.body).toContain("51 demandes, page 1 sur 2.");
    expect(first.body.indexOf("Bailleur n° 50")).toBeLessThan(first.body.indexOf("Bailleur n° 49"));
    expect(first.body).not.toContain("Bailleur n° 0<");
    expect(first.body).toContain('href="/equipe/?page=2"');
    const second = await t.app.inject({ url: "/equipe/?page=2", headers: { cookie } });
    expect(second.body).toContain("Bailleur n° 0<");
    expect(second.body).toContain('href="/equipe/"');
    const search = await t.app.inject({ url: "/equipe/?q=n%C2%B0%207", headers: { cookie } });
    expect(search.body).toContain("1 demande.");
  });

  it("refuses a post without the page's token, or from another origin, and changes nothing", async () => {
    const lead = makeLead();
    await t.store.leads.save(lead);
    const { cookie, csrf } = await t.signIn("ventes@hestia.test");
    const url = `/equipe/demandes/${lead.id}/statut`;
    const missing = await t.post(url, { statut: "traitee" }, { headers: { cookie } });
    const foreign = await t.post(
      url,
      { statut: "traitee", csrf },
      { headers: { cookie, origin: "https://evil.example" } },
    );
    const otherSession = await t.post(
      url,
      { statut: "traitee", csrf: "B".repeat(43) },
      { headers: { cookie } },
    );
    for (const answer of [missing, foreign, otherSession]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toContain("rien n&#x27;a été fait");
    }
    expect((await t.store.leads.get(lead.id))?.status).toBe("new");
    const done = await t.post(url, { statut: "traitee", csrf }, { headers: { cookie } });
    expect(done.statusCode).toBe(303);
    expect((await t.store.leads.get(lead.id))?.status).toBe("done");
  });

  it("keeps erasure and the audit log for admins, and records who did what", async () => {
    const lead = makeLead({ email: "marie@oph.fr" });
    await t.store.leads.save(lead);
    const sales = await t.signIn("ventes@hestia.test");
    expect(
      (await t.app.inject({ url: "/equipe/journal", headers: { cookie: sales.cookie } }))
        .statusCode,
    ).toBe(403);
    const refused = await t.post(
      "/equipe/effacer",
      { email: "marie@oph.fr", nombre: "1", csrf: sales.csrf },
      { headers: { cookie: sales.cookie } },
    );
    expect(refused.statusCode).toBe(403);
    expect(await t.store.leads.get(lead.id)).toBeDefined();

    const admin = await t.signIn("dpo@hestia.test");
    const wrong = await t.post(
      "/equipe/effacer",
      { email: "marie@oph.fr", nombre: "2", csrf: admin.csrf },
      { headers: { cookie: admin.cookie } },
    );
    expect(wrong.statusCode).toBe(409);
    expect(await t.store.leads.get(lead.id)).toBeDefined();
    // BACKUP_DIR cannot be written (a plain file where its folder should be): nothing is erased,
    // and the page says why.
    const backups = t.store.erasuresDir!;
    rmSync(backups, { recursive: true, force: true });
    writeFileSync(backups, "");
    const unwritten = await t.post(
      "/equipe/effacer",
      { email: "marie@oph.fr", nombre: "1", csrf: admin.csrf },
      { headers: { cookie: admin.cookie } },
    );
    rmSync(backups);
    expect(unwritten.statusCode).toBe(503);
    expect(unwritten.body.replace(/&#x27;/g, "'")).toContain(
      "Le journal des effacements, à côté des sauvegardes, n'a pas pu être écrit : rien n'a été effacé.",
    );
    expect(await t.store.leads.get(lead.id)).toBeDefined();
    const erased = await t.post(
      "/equipe/effacer",
      { email: "marie@oph.fr", nombre: "1", csrf: admin.csrf },
      { headers: { cookie: admin.cookie } },
    );
    expect(erased.statusCode).toBe(200);
    expect(await t.store.leads.get(lead.id)).toBeUndefined();

    const journal = await t.app.inject({
      url: "/equipe/journal",
      headers: { cookie: admin.cookie },
    });
    expect(journal.body).toContain("Effacement");
    expect(journal.body).toContain("dpo@hestia.test");
    expect(journal.body).toContain("Connexion");
    // The erasure is recorded without what it erased.
    const { entries } = await t.store.audit.page({ limit: 50, offset: 0 });
    expect(JSON.stringify(entries)).not.toContain("marie@oph.fr");
    // And beside the backups, the same line, for a restore on a new disk (docs/leads.md).
    const kept = readFileSync(join(backups, "effacements.jsonl"), "utf8").trim().split("\n");
    const erasure = entries.find((entry) => entry.action === "erase")!;
    expect(kept.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        at: erasure.at,
        actor: "dpo@hestia.test",
        detail: erasure.detail,
        requestId: erasure.requestId,
      },
    ]);
    expect(kept.join("\n")).not.toContain("marie@oph.fr");
  });

  it("exports what the list shows as CSV for French Excel, formulas inert", async () => {
    await t.store.leads.save(makeLead(hostile));
    await t.store.leads.save(makeLead({ company: "Habitat du Nord" }));
    const { cookie, csrf } = await t.signIn("ventes@hestia.test");
    const exported = (fields: Record<string, string>) =>
      t.post("/equipe/export", { csrf, ...fields }, { headers: { cookie } });
    const csv = await exported({ format: "csv" });
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="demandes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain(";");
    expect(text).toContain(`"'=HYPERLINK(`);
    expect(text).not.toMatch(/(^|;)"?=HYPERLINK/m);
    // The list's filters, posted with the file's format.
    const json = await exported({ format: "json", q: "habitat du nord" });
    expect(JSON.parse(json.body)).toHaveLength(1);
  });

  it("starts no export without the session's token, from a link or another origin", async () => {
    await t.store.leads.save(makeLead());
    const { cookie, csrf } = await t.signIn("ventes@hestia.test");
    const linked = await t.app.inject({ url: "/equipe/export.csv", headers: { cookie } });
    expect(linked.statusCode).toBe(404);
    expect(linked.body).not.toContain("demandes-");
    const forged = await t.post("/equipe/export", { format: "csv" }, { headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    const elsewhere = await t.post(
      "/equipe/export",
      { format: "csv", csrf },
      { headers: { cookie, origin: "http://127.0.0.1:9761" } },
    );
    expect(elsewhere.statusCode).toBe(403);
    const { entries } = await t.store.audit.page({ limit: 50, offset: 0 });
    expect(entries.filter((entry) => entry.action === "export")).toEqual([]);
    // Both refusals in the journal, with who and why.
    expect(entries.filter((entry) => entry.action === "refusal")).toEqual([
      expect.objectContaining({
        actor: "ventes@hestia.test",
        detail: "formulaire venu d'une autre origine : rien n'a été fait",
      }),
      expect.objectContaining({
        actor: "ventes@hestia.test",
        detail: "formulaire sans le jeton de la session : rien n'a été fait",
      }),
    ]);
  });
});
