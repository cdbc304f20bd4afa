/** @jest-environment node */
import { teamApp } from "../../../../../test-utils/team-inbox";

// Signing in to the team's inbox through the production app (Fastify's inject), on the embedded
// store, with a real SMTP listener for the links: who may sign in, how, and what each bad input
// gets. tests/pipeline/team-inbox.test.ts goes through the same pages in Chromium, on both engines.

const t = teamApp(9760);

describe("without TEAM_EMAILS", () => {
  it("says in French that no one is allowed yet, and sends no link", async () => {
    await t.reopen(new Map());
    const page = await t.app.inject({ url: "/equipe/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Personne n&#x27;est encore autorisé");
    expect((await t.post("/equipe/lien", { email: "ventes@hestia.test" })).statusCode).toBe(403);
    expect(t.smtp.mails).toHaveLength(0);
  });
});

describe("signing in", () => {
  it("answers the same whatever the address, and emails a link to a member only", async () => {
    const member = await t.post("/equipe/lien", { email: "Ventes@Hestia.test" });
    const stranger = await t.post("/equipe/lien", { email: "intrus@exemple.fr" });
    expect(member.statusCode).toBe(200);
    expect(stranger.body).toBe(member.body);
    expect(member.body).toContain("Si cette adresse fait partie de l&#x27;équipe");
    await t.linkTokenOf("ventes@hestia.test");
    expect(t.smtp.mails).toHaveLength(1);
    expect(t.smtp.mails[0]!.subject).toBe("Votre lien de connexion à la boîte des demandes");
  });

  it("opens a page with a button from the link, and signs in only when it is pressed, once", async () => {
    await t.post("/equipe/lien", { email: "ventes@hestia.test" });
    const token = await t.linkTokenOf("ventes@hestia.test");
    // A mail scanner following the link twice uses nothing.
    for (let i = 0; i < 2; i += 1) {
      const page = await t.app.inject({ url: `/equipe/connexion?jeton=${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Se connecter");
    }
    const signedIn = await t.post("/equipe/connexion", { jeton: token });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe("/equipe/");
    const cookie = String(signedIn.headers["set-cookie"]);
    expect(cookie).toMatch(/^__Host-equipe=[A-Za-z0-9_-]{43};/);
    for (const attribute of ["Path=/", "HttpOnly", "Secure", "SameSite=Strict", "Max-Age=43200"]) {
      expect(cookie).toContain(attribute);
    }
    expect(cookie).not.toMatch(/Domain=/i);

    const again = await t.post("/equipe/connexion", { jeton: token });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("a déjà servi, a expiré ou n&#x27;est pas valide");
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a forged or malformed link in French, logged with the request's id", async () => {
    const forged = await t.post("/equipe/connexion", { jeton: "A".repeat(43) });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(`référence : ${forged.headers["x-request-id"]}`);
    expect(
      t.logged.lines.some(
        (l) => l.reqId === forged.headers["x-request-id"] && /refused/.test(String(l.msg)),
      ),
    ).toBe(true);
    const malformed = await t.app.inject({ url: "/equipe/connexion?jeton=%3Cscript%3E" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain("<script>");
  });

  it("limits link requests per address", async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push((await t.post("/equipe/lien", { email: "dpo@hestia.test" })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it("answers a form too large, or a bad date or page, in French", async () => {
    // A sign-in form is an address: a few kilobytes are already too many.
    const huge = await t.post("/equipe/lien", { email: "x".repeat(5_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers["content-type"]).toMatch(/^text\/html/);
    expect(huge.body).toContain("rien n&#x27;a été fait");
    const { cookie } = await t.signIn("ventes@hestia.test");
    const badDay = await t.app.inject({ url: "/equipe/?du=2024-02-31", headers: { cookie } });
    expect(badDay.body).toContain("La date « 2024-02-31 » n&#x27;est pas une date");
    const far = await t.app.inject({ url: "/equipe/?q=x&page=999999", headers: { cookie } });
    expect(far.statusCode).toBe(302);
    expect(far.headers.location).toBe("/equipe/?q=x");
  });

  it("refuses a sign-in posted from another site", async () => {
    const answer = await t.post(
      "/equipe/lien",
      { email: "ventes@hestia.test" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(answer.statusCode).toBe(403);
    expect(t.smtp.mails).toHaveLength(0);
  });

  it("reloads a page opened from another site, where the browser keeps the strict cookie back", async () => {
    const url = "/equipe/?quarantaine=oui";
    const fromMail = await t.app.inject({ url, headers: { "sec-fetch-site": "cross-site" } });
    expect(fromMail.statusCode).toBe(200);
    expect(fromMail.body).toContain(`<meta http-equiv="refresh" content="0;url=${url}"/>`);
    // Reloaded from the site itself, without a session: the sign-in page, no loop.
    const reloaded = await t.app.inject({ url, headers: { "sec-fetch-site": "same-origin" } });
    expect(reloaded.body).toContain("Recevoir un lien de connexion");
  });

  it("ends the session on the server when signing out: the old cookie opens nothing", async () => {
    const { cookie, csrf } = await t.signIn("ventes@hestia.test");
    const out = await t.post("/equipe/deconnexion", { csrf }, { headers: { cookie } });
    expect(out.statusCode).toBe(303);
    const after = await t.app.inject({ url: "/equipe/", headers: { cookie } });
    expect(after.body).toContain("Recevoir un lien de connexion");
    expect(after.body).not.toContain("Demandes de devis</h1>");
  });
});
