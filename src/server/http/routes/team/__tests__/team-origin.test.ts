/** @jest-environment node */
import { makeLead } from "../../../../../test-utils/leads";
import { teamApp } from "../../../../../test-utils/team-inbox";

// The inbox on its own origin (TEAM_URL), the site and its admin on theirs: what each origin
// answers for the other's addresses, where the links lead, and the refusals in the journal.

const t = teamApp(9763);
const siteHost = new URL(t.siteUrl).host;

describe("two origins", () => {
  it("sends the inbox's addresses on the site's origin to the inbox's own, and reads no post there", async () => {
    const page = await t.app.inject({
      url: "/equipe/connexion?jeton=abc",
      headers: { host: siteHost },
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`${t.teamUrl}/equipe/connexion?jeton=abc`);
    const before = t.smtp.mails.length;
    const posted = await t.post(
      "/equipe/lien",
      { email: "ventes@hestia.test" },
      { headers: { host: siteHost } },
    );
    expect(posted.statusCode).toBe(404);
    expect(t.smtp.mails.length).toBe(before);
  });

  it.each(["/admin/", "/admin/config.yml", "/", "/mentions-legales", "/api/challenge"])(
    "serves nothing of the site on the inbox's origin: %s",
    async (path) => {
      const answer = await t.app.inject({ url: path });
      if (path === "/") {
        expect(answer.statusCode).toBe(302);
        expect(answer.headers.location).toBe("/equipe/");
        return;
      }
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain("Admin");
      expect(answer.headers["content-security-policy"]).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    },
  );

  it("answers an unknown address under /equipe/ with the inbox's page, never the site's 404", async () => {
    const answer = await t.app.inject({ url: "/equipe/inconnue" });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain("Page introuvable");
    expect(answer.body).not.toContain("Introuvable</title>");
    expect(answer.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
  });

  it("sends no CORS header, whatever the Origin", async () => {
    const { cookie } = await t.signIn("ventes@hestia.test");
    const answer = await t.app.inject({
      url: "/equipe/",
      headers: { cookie, origin: t.siteUrl },
    });
    expect(
      Object.keys(answer.headers).filter((name) => name.startsWith("access-control-")),
    ).toEqual([]);
  });

  it("emails a sign-in link to the inbox's origin", async () => {
    await t.post("/equipe/lien", { email: "ventes@hestia.test" });
    await t.linkTokenOf("ventes@hestia.test");
    const mail = t.smtp.mails.at(-1)!;
    expect(mail.text).toMatch(/^http:\/\/localhost\/equipe\/connexion\?jeton=[\w-]{43}$/m);
  });

  it("refuses a post of the site's origin, signed in or not, and journals it", async () => {
    const lead = makeLead();
    await t.store.leads.save(lead);
    const { cookie, csrf } = await t.signIn("ventes@hestia.test");
    const forged = await t.post(
      `/equipe/demandes/${lead.id}/statut`,
      { statut: "traitee", csrf },
      { headers: { cookie, origin: t.siteUrl } },
    );
    expect(forged.statusCode).toBe(403);
    expect((await t.store.leads.get(lead.id))?.status).toBe("new");
    const signIn = await t.post(
      "/equipe/lien",
      { email: "ventes@hestia.test" },
      { headers: { origin: t.siteUrl } },
    );
    expect(signIn.statusCode).toBe(403);
    const refusals = (await t.store.audit.page({ limit: 50, offset: 0 })).entries.filter(
      (entry) => entry.action === "refusal",
    );
    expect(refusals).toEqual([
      expect.objectContaining({
        actor: "inconnu (pas de session)",
        detail: "formulaire de connexion venu d'une autre origine",
      }),
      expect.objectContaining({
        actor: "ventes@hestia.test",
        detail: "formulaire venu d'une autre origine : rien n'a été fait",
        requestId: expect.any(String),
      }),
    ]);
  });
});

describe("refusals in the journal", () => {
  it("journals a refused link and a role refused, with the request's id", async () => {
    const unknown = await t.post("/equipe/connexion", { jeton: "A".repeat(43) });
    expect(unknown.statusCode).toBe(400);
    const { cookie } = await t.signIn("ventes@hestia.test");
    const journal = await t.app.inject({ url: "/equipe/journal", headers: { cookie } });
    expect(journal.statusCode).toBe(403);
    const entries = (await t.store.audit.page({ limit: 50, offset: 0 })).entries.filter(
      (entry) => entry.action === "refusal",
    );
    expect(entries).toEqual([
      expect.objectContaining({
        actor: "ventes@hestia.test",
        detail: "page réservée aux administrateurs (/equipe/journal)",
        requestId: journal.headers["x-request-id"],
      }),
      expect.objectContaining({
        actor: "inconnu (pas de session)",
        detail: "lien de connexion déjà servi, expiré ou inconnu",
        requestId: unknown.headers["x-request-id"],
      }),
    ]);
  });

  it("journals a flood of refusals ten a minute, then says the rest went to the server's log", async () => {
    for (let i = 0; i < 25; i += 1) {
      const answer = await t.app.inject({ url: `/equipe/connexion?jeton=court${i}` });
      expect(answer.statusCode).toBe(400);
    }
    const entries = (await t.store.audit.page({ limit: 50, offset: 0 })).entries;
    expect(entries).toHaveLength(11);
    expect(entries[0]?.detail).toMatch(/^plus de 10 refus en une minute/);
    expect(entries.slice(1).every((entry) => entry.detail === "lien de connexion mal formé")).toBe(
      true,
    );
  });
});
