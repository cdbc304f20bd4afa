/** @jest-environment node */
import { makeLead, waitFor } from "../../../../../test-utils/leads";
import { teamApp } from "../../../../../test-utils/team-inbox";

// Sales' work from a request's page, through the production app: « Je m'en occupe », « Confier
// à », a note shown inert, the list filtered to « les miennes » and « sans responsable ».

const t = teamApp(9764);

describe("sales' work on a request", () => {
  it("takes a request, shows who has it, and lists it under « les miennes »", async () => {
    const [taken, free] = [
      makeLead({ company: "OPH de Brest" }),
      makeLead({ company: "SEM Lorient" }),
    ];
    await t.store.leads.save(taken);
    await t.store.leads.save(free);
    const ventes = await t.signIn("ventes@hestia.test");
    const took = await t.post(
      `/equipe/demandes/${taken.id}/prendre`,
      { csrf: ventes.csrf },
      { headers: { cookie: ventes.cookie } },
    );
    expect(took.statusCode).toBe(303);
    expect(took.headers.location).toBe(`/equipe/demandes/${taken.id}?fait=pris`);
    const page = await t.app.inject({
      url: took.headers.location!,
      headers: { cookie: ventes.cookie },
    });
    expect(page.body).toContain("Vous vous en occupez.");

    // Another member, a moment later: it stays the first one's, and they are told.
    const dpo = await t.signIn("dpo@hestia.test");
    const late = await t.post(
      `/equipe/demandes/${taken.id}/prendre`,
      { csrf: dpo.csrf },
      { headers: { cookie: dpo.cookie } },
    );
    expect(late.headers.location).toBe(`/equipe/demandes/${taken.id}?fait=deja-prise`);
    expect((await t.store.leads.get(taken.id))?.owner).toBe("ventes@hestia.test");

    const list = (filter: string) =>
      t.app.inject({ url: `/equipe/?responsable=${filter}`, headers: { cookie: ventes.cookie } });
    const mine = (await list("moi")).body;
    expect(mine).toContain("OPH de Brest");
    expect(mine).not.toContain("SEM Lorient");
    const nobody = (await list("aucun")).body;
    expect(nobody).toContain("SEM Lorient");
    expect(nobody).not.toContain("OPH de Brest");
  });

  it("shows a request whose owner left TEAM_EMAILS as no one's, lists it so, and lets anyone take it", async () => {
    const lead = makeLead({ company: "ESH du Léon" });
    await t.store.leads.save(lead);
    // Taken by someone who has since been removed from TEAM_EMAILS.
    await t.store.inbox.setOwner(lead.id, "ancien@hestia.test", true);
    const ventes = await t.signIn("ventes@hestia.test");
    const read = async (url: string) =>
      (await t.app.inject({ url, headers: { cookie: ventes.cookie } })).body.replace(
        /&#x27;/g,
        "'",
      );
    const gone = "sans responsable (ancien@hestia.test a quitté l'équipe)";
    expect(await read("/equipe/")).toContain(gone);
    expect(await read("/equipe/?responsable=aucun")).toContain("ESH du Léon");
    const page = await read(`/equipe/demandes/${lead.id}`);
    expect(page).toContain(
      "Sans responsable (ancien@hestia.test a quitté l'équipe) : personne ne s'en occupe.",
    );
    expect(page).toContain("Je m'en occupe");

    const took = await t.post(
      `/equipe/demandes/${lead.id}/prendre`,
      { csrf: ventes.csrf },
      { headers: { cookie: ventes.cookie } },
    );
    expect(took.headers.location).toBe(`/equipe/demandes/${lead.id}?fait=pris`);
    expect((await t.store.leads.get(lead.id))?.owner).toBe("ventes@hestia.test");
    expect(await read("/equipe/?responsable=aucun")).not.toContain("ESH du Léon");
    expect((await t.store.audit.page({ limit: 1, offset: 0 })).entries[0]).toMatchObject({
      action: "owner",
      detail: "responsable : ventes@hestia.test (ancien@hestia.test a quitté l'équipe)",
    });
  });

  it("gives a request to a member of the team, and to no one else", async () => {
    const lead = makeLead();
    await t.store.leads.save(lead);
    const ventes = await t.signIn("ventes@hestia.test");
    const give = (to: string) =>
      t.post(
        `/equipe/demandes/${lead.id}/confier`,
        { csrf: ventes.csrf, a: to },
        { headers: { cookie: ventes.cookie } },
      );
    expect((await give("pirate@exemple.fr")).statusCode).toBe(400);
    expect((await t.store.leads.get(lead.id))?.owner).toBeNull();
    expect((await give("dpo@hestia.test")).statusCode).toBe(303);
    expect((await t.store.leads.get(lead.id))?.owner).toBe("dpo@hestia.test");
  });

  it("adds a note shown as text, refuses an empty or too long one, and journals none of its words", async () => {
    const lead = makeLead();
    await t.store.leads.save(lead);
    const { cookie, csrf } = await t.signIn("ventes@hestia.test");
    const note = (texte: string) =>
      t.post(`/equipe/demandes/${lead.id}/notes`, { csrf, texte }, { headers: { cookie } });
    const hostile = '<img src=x onerror=alert(1)> =HYPERLINK("https://evil.example")';
    expect((await note(hostile)).statusCode).toBe(303);
    expect((await note("   ")).statusCode).toBe(400);
    const long = await note("é".repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain("5001 caractères, 5000 au plus");
    // The longest note, in characters of four bytes each (60 KB once form-encoded), fits its
    // form's size; a form of another route that size does not fit its own.
    expect((await note("😀".repeat(5000))).statusCode).toBe(303);
    const take = await t.post(
      `/equipe/demandes/${lead.id}/prendre`,
      { csrf, texte: "😀".repeat(5000) },
      { headers: { cookie } },
    );
    expect(take.statusCode).toBe(413);
    const page = await t.app.inject({ url: `/equipe/demandes/${lead.id}`, headers: { cookie } });
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).toContain("&lt;img src=x onerror=alert(1)&gt;");
    const { entries } = await t.store.audit.page({ limit: 50, offset: 0 });
    expect(JSON.stringify(entries)).not.toContain("onerror");
    expect(entries[0]).toMatchObject({ action: "note", leadId: lead.id });
  });

  it("replies from the inbox: the email from the relay, Reply-To the member, kept as a reply, the lead « en cours »", async () => {
    const lead = makeLead({ firstName: "Anaïs", lastName: "Le Bihan", company: "OPH de Quimper" });
    await t.store.leads.save(lead);
    const { cookie, csrf } = await t.signIn("ventes@hestia.test");
    const compose = await t.app.inject({
      url: `/equipe/demandes/${lead.id}/repondre`,
      headers: { cookie },
    });
    expect(compose.body).toContain("Bonjour Anaïs Le Bihan,");
    expect(compose.body).toContain("ventes@hestia.test");

    const before = t.smtp.mails.length;
    const text =
      "Bonjour Anaïs Le Bihan,\n\nNous vous rappelons <demain> à 10 h.\n\nventes@hestia.test";
    const sent = await t.post(
      `/equipe/demandes/${lead.id}/repondre`,
      { csrf, sujet: "Votre demande de devis — OPH de Quimper", texte: text },
      { headers: { cookie } },
    );
    expect(sent.statusCode).toBe(303);
    await waitFor(() => t.smtp.mails.length > before, 5000, "the reply");
    const mail = t.smtp.mails.at(-1)!;
    expect(mail.from?.text).toBe("site@hestia.test");
    expect(mail.to).toMatchObject({
      value: [{ address: lead.request.email, name: "Anaïs Le Bihan" }],
    });
    expect(mail.replyTo?.text).toBe("ventes@hestia.test");
    expect(mail.subject).toBe("Votre demande de devis — OPH de Quimper");
    expect(mail.text?.trim()).toBe(text);
    expect(mail.html).toBe(false);

    expect((await t.store.leads.get(lead.id))?.status).toBe("in_progress");
    const page = await t.app.inject({ url: `/equipe/demandes/${lead.id}`, headers: { cookie } });
    expect(page.body).toContain("réponse envoyée par ventes@hestia.test");
    expect(page.body).toContain("Nous vous rappelons &lt;demain&gt; à 10 h.");
    expect(page.body).toMatch(/Première réponse : \d+ min après la demande/);
    const list = await t.app.inject({ url: "/equipe/", headers: { cookie } });
    expect(list.body).toMatch(
      /Délai médian de première réponse, sur les 30 derniers jours :(<!-- -->)? ?\d+ min/,
    );
    const { entries } = await t.store.audit.page({ limit: 5, offset: 0 });
    expect(entries[0]).toMatchObject({
      action: "reply",
      detail: "réponse envoyée ; statut : nouvelle → en cours",
    });
    expect(JSON.stringify(entries)).not.toContain("rappelons");
  });

  it("keeps what was typed when the relay is down, sends nothing to an erased or quarantined request", async () => {
    const lead = makeLead();
    const held = { ...makeLead(), quarantine: { reason: "rempli en 2 s" } };
    await t.store.leads.save(lead);
    await t.store.leads.save(held);
    const { cookie, csrf } = await t.signIn("ventes@hestia.test");
    const post = (id: string, texte: string) =>
      t.post(
        `/equipe/demandes/${id}/repondre`,
        { csrf, sujet: "Votre demande", texte },
        { headers: { cookie } },
      );
    await t.smtp.stop();
    try {
      const down = await post(lead.id, "Un texte long à ne pas perdre.");
      expect(down.statusCode).toBe(502);
      expect(down.body).toContain("Un texte long à ne pas perdre.");
      expect(down.body).toContain("rien n&#x27;a été envoyé");
    } finally {
      await t.smtp.start();
    }
    expect((await t.store.leads.get(lead.id))?.status).toBe("new");
    expect((await t.store.notes.of([lead.id])).get(lead.id)).toEqual([]);
    expect((await post(held.id, "Bonjour")).statusCode).toBe(409);
    expect((await post(lead.id, "   ")).statusCode).toBe(400);
    expect((await post("00000000-0000-4000-8000-000000000000", "Bonjour")).statusCode).toBe(404);
  });

  it("explains a quarantine by its rule, and the journal shows each rule's figures once one is released", async () => {
    const held = {
      ...makeLead(),
      quarantine: { reason: "formulaire rempli en 0,8 s", rule: "too-fast" },
    };
    await t.store.leads.save(held);
    const dpo = await t.signIn("dpo@hestia.test");
    const page = await t.app.inject({
      url: `/equipe/demandes/${held.id}`,
      headers: { cookie: dpo.cookie },
    });
    expect(page.body).toContain(
      "Retenue par la règle « formulaire rempli en moins de 3 s » : formulaire rempli en 0,8 s.",
    );
    const released = await t.post(
      `/equipe/demandes/${held.id}/liberer`,
      { csrf: dpo.csrf },
      { headers: { cookie: dpo.cookie } },
    );
    expect(released.statusCode).toBe(303);
    const journal = await t.app.inject({ url: "/equipe/journal", headers: { cookie: dpo.cookie } });
    expect(journal.body).toContain("Règles anti-robot, 90 derniers jours");
    expect(journal.body).toMatch(
      /formulaire rempli en moins de 3 s<\/td><td data-label="Retenues">1<\/td><td data-label="Libérées \(pas un spam\)">1<\/td><td data-label="Supprimées comme spam">0<\/td>/,
    );
  });
});
