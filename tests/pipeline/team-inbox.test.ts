import { mkdirSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { SqlLeadStore } from "../../src/server/leads/sql-store";
import { deliveryServices } from "./support/delivery-services";
import { makeLead, waitFor } from "./support/leads";
import { SiteProcess } from "./support/site-process";
import { embeddedFolder, embeddedStore } from "./support/stores";

// The team's inbox in Chromium against `npm run serve`, on each engine, on its own origin
// (http://equipe.localhost:<port>, the site on http://127.0.0.1:<port>): sign in from the emailed
// link, read a hostile request inert, release a quarantined one and receive its email, export the
// list as bytes, axe at 360 and 1280 px, the keyboard, the link replayed; and a script run in the
// site's admin, a member signed in, reads and changes nothing of the inbox.

const services = deliveryServices(9770);
const { smtp } = services;
const screenshots = "test-results/screenshots";
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
  });
});

afterAll(async () => {
  await browser?.close();
});

const hostile = {
  firstName: "<script>window.pwned=1</script>",
  lastName: '"><img src=x onerror="window.pwned=1">',
  company: '=HYPERLINK("https://evil.example";"clic")',
  email: "robot@exemple.fr",
  message: `javascript:window.pwned=1 ${"long ".repeat(1_900)}`,
};

/** Axe's WCAG 2.1 A and AA violations on the page, as "rule: target" lines. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** The sign-in link emailed to `to` since `before` (other emails, sales' own, may come between). */
async function emailedLink(to: string, before: number): Promise<string> {
  const linkIn = (mail: (typeof smtp.mails)[number]) =>
    JSON.stringify(mail.to).includes(to)
      ? /https?:\/\/\S+\/equipe\/connexion\?jeton=[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")?.[0]
      : undefined;
  await waitFor(() => smtp.mails.slice(before).some(linkIn), 10_000, "the sign-in link");
  return smtp.mails
    .slice(before)
    .map(linkIn)
    .find((link) => link !== undefined)!;
}

describe.each([
  ["embedded", 9775],
  ["PostgreSQL", 9776],
] as const)("on the %s engine", (engine, port) => {
  let site: SiteProcess;
  let store: SqlLeadStore;
  /** The inbox's origin (TEAM_URL): Chromium sends any *.localhost to loopback. */
  const team = `http://equipe.localhost:${port}`;

  /** A new page of `context`, signed in as `address` through the link emailed to it. */
  async function signedIn(context: BrowserContext, address: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${team}/equipe/`);
    const before = smtp.mails.length;
    await page.getByLabel("Adresse email").fill(address);
    await page.getByRole("button", { name: "Recevoir un lien de connexion" }).click();
    await page.goto(await emailedLink(address, before));
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.getByRole("heading", { name: "Demandes de devis" }).waitFor();
    return page;
  }

  beforeAll(async () => {
    const folder = embeddedFolder("team-inbox-");
    const env: Record<string, string> = {
      ...services.env,
      SITE_URL: `http://127.0.0.1:${port}`,
      TEAM_URL: team,
      TEAM_EMAILS: "ventes@hestia.test:sales,dpo@hestia.test:admin",
      LOG_LEVEL: "info",
    };
    if (engine === "embedded") {
      delete env.DATABASE_URL;
      env.QUOTE_DATABASE_DIR = folder;
      store = await embeddedStore(folder);
    } else {
      store = services.store;
    }
    site = new SiteProcess(port, env);
    await site.start();
  });

  afterAll(async () => {
    await site?.destroy();
    if (engine === "embedded") await store?.close();
  });

  test("sales sign in from the emailed link, read a hostile request inert, release one, export", async () => {
    const quarantined = {
      ...makeLead(hostile),
      quarantine: { reason: "formulaire rempli en 0,8 s" },
    };
    await store.leads.save(quarantined);
    await store.leads.save(
      makeLead({
        company: "Office public de l'habitat de Bretagne",
        email: "a.le-gall@oph-bretagne.fr",
      }),
    );

    const context = await browser.newContext({
      locale: "fr-FR",
      viewport: { width: 360, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${team}/equipe/`);
    expect(await violations(page)).toEqual([]);
    const before = smtp.mails.length;
    await page.getByLabel("Adresse email").fill("ventes@hestia.test");
    await page.getByRole("button", { name: "Recevoir un lien de connexion" }).click();
    await page.getByText("un lien de connexion vient de lui être envoyé").waitFor();

    const link = await emailedLink("ventes@hestia.test", before);
    expect(link.startsWith(`${team}/equipe/connexion?jeton=`)).toBe(true);
    await page.goto(link);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.getByRole("heading", { name: "Demandes de devis" }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshots}/inbox-${engine}-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshots}/inbox-${engine}-1280.png`, fullPage: true });

    // The keyboard: the skip link first, then the navigation, each with a visible focus.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Aller au contenu");

    // Only the quarantine, then the hostile request: shown as text, nothing run.
    await page.getByLabel("Quarantaine").selectOption("oui");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await page.getByText("1 demande.").waitFor();
    await page.getByRole("link", { name: hostile.company }).click();
    await page.getByText(hostile.firstName, { exact: true }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { pwned?: number }).pwned),
    ).toBeUndefined();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshots}/inbox-lead-${engine}-1280.png`, fullPage: true });

    const mailsBefore = smtp.mails.length;
    await page
      .getByRole("button", { name: "Ce n'est pas un spam : sortir de la quarantaine" })
      .click();
    await page.getByText("La demande est sortie de la quarantaine et remise à l'envoi").waitFor();
    await waitFor(
      () =>
        smtp.mails.slice(mailsBefore).some((m) => (m.subject ?? "").startsWith("Demande de devis")),
      10_000,
      "sales' email of the released request",
    );
    expect((await store.leads.get(quarantined.id))?.quarantine).toBeNull();

    // The export of the whole list, as the browser downloads it.
    await page.getByRole("link", { name: "← Toutes les demandes" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "CSV (Excel)" }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString("utf8");
    expect(csv.split("\r\n")[0]).toContain(";");
    expect(csv).toContain(`"'=HYPERLINK(`);
    expect(csv).toContain("Office public de l'habitat de Bretagne");

    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await page.getByRole("button", { name: "Recevoir un lien de connexion" }).waitFor();
    // The link, replayed: refused in French, no session.
    await page.goto(link);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.getByText("a déjà servi, a expiré ou n'est pas valide").waitFor();
    expect(pageErrors).toEqual([]);

    // Each sign-in and action is in the audit log, and the replayed link's refusal.
    const { entries } = await store.audit.page({ limit: 20, offset: 0 });
    expect(entries.map((e) => e.action).sort()).toEqual([
      "export",
      "refusal",
      "release",
      "sign-in",
      "sign-out",
    ]);
    expect(entries[0]).toMatchObject({
      action: "refusal",
      detail: "lien de connexion déjà servi, expiré ou inconnu",
    });
    await context.close();
  });

  test("the privacy officer erases a person's data after typing their number, deletes a spam, reads the journal", async () => {
    const marie = { email: "marie.durand@oph-exemple.fr", lastName: "Durand" };
    await store.leads.save(makeLead({ ...marie, company: "OPH de Lyon" }));
    await store.leads.save(makeLead({ ...marie, company: "OPH de Lyon (bis)" }));
    const robot = {
      ...makeLead({ company: "Robot SARL" }),
      quarantine: { reason: "champ piège rempli" },
    };
    await store.leads.save(robot);

    const context = await browser.newContext({
      locale: "fr-FR",
      viewport: { width: 1280, height: 800 },
    });
    const page = await signedIn(context, "dpo@hestia.test");

    await page.getByRole("link", { name: "Effacer les données d'une personne" }).click();
    await page.getByLabel("Adresse email de la personne").fill(marie.email);
    await page.getByRole("button", { name: "Voir ce qui sera effacé" }).click();
    await page.getByRole("heading", { name: "2 demandes seront effacées" }).waitFor();
    // The person's address is posted, never in the page's address (history, proxies' logs).
    expect(page.url()).not.toContain("marie");
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Pour confirmer, tapez le nombre de demandes à effacer").fill("3");
    await page.getByRole("button", { name: "Effacer définitivement" }).click();
    await page.getByText("Le nombre tapé ne correspond pas").waitFor();
    expect(await store.leads.findByEmail(marie.email)).toHaveLength(2);
    await page.getByLabel("Pour confirmer, tapez le nombre de demandes à effacer").fill("2");
    await page.getByRole("button", { name: "Effacer définitivement" }).click();
    await page.getByText("Effacé : 2 demande(s)").waitFor();
    expect(await store.leads.findByEmail(marie.email)).toEqual([]);
    await page.screenshot({
      path: `${screenshots}/inbox-erase-${engine}-1280.png`,
      fullPage: true,
    });

    // A spam: its page first asks, then deletes.
    await page.goto(`${team}/equipe/demandes/${robot.id}`);
    await page.getByRole("link", { name: "Supprimer comme spam…" }).click();
    await page.getByRole("heading", { name: "Supprimer comme spam ?" }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Supprimer définitivement" }).click();
    await page.getByText("La demande a été supprimée comme spam.").waitFor();
    expect(await store.leads.get(robot.id)).toBeUndefined();

    await page.getByRole("link", { name: "Journal" }).click();
    await page.getByRole("heading", { name: "Journal" }).waitFor();
    expect(await violations(page)).toEqual([]);
    const journal = await page.locator("main").innerText();
    expect(journal).toContain("Effacement");
    expect(journal).toContain("Spam confirmé");
    expect(journal).not.toContain(marie.email);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await violations(page)).toEqual([]);
    await page.screenshot({
      path: `${screenshots}/inbox-journal-${engine}-360.png`,
      fullPage: true,
    });
    await context.close();
  });

  test("a script in the site's admin, a member signed in, reads and changes nothing of the inbox", async () => {
    const lead = makeLead({ company: "Habitat secret du Nord" });
    await store.leads.save(lead);
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await signedIn(context, "dpo@hestia.test");
    expect(await page.content()).toContain("Habitat secret du Nord");

    // The site's admin, as Decap's bundle runs it: whatever it asks of the inbox, with the
    // member's cookie in the same browser, it reads nothing, and its posts change nothing.
    const journaled = (await store.audit.page({ limit: 1, offset: 0 })).total;
    const admin = await context.newPage();
    await admin.goto(`${site.url}/admin/`);
    const attempts = await admin.evaluate(
      async ({ team, id }) => {
        const read = async (url: string) => {
          try {
            const answer = await fetch(url, { credentials: "include" });
            return `read ${answer.status}: ${(await answer.text()).slice(0, 2000)}`;
          } catch {
            return "refused";
          }
        };
        const post = async (url: string, fields: Record<string, string>) => {
          try {
            await fetch(url, {
              method: "POST",
              mode: "no-cors",
              credentials: "include",
              body: new URLSearchParams(fields),
            });
            return "sent";
          } catch {
            return "refused";
          }
        };
        return [
          await read("/equipe/"),
          await read(`${team}/equipe/`),
          await read(`${team}/equipe/demandes/${id}`),
          await post(`${team}/equipe/demandes/${id}/statut`, { statut: "traitee" }),
          await post(`${team}/equipe/export`, { format: "csv" }),
          await post("/equipe/effacer", { email: "x@exemple.fr", nombre: "1" }),
        ];
      },
      { team, id: lead.id },
    );
    expect(attempts.slice(0, 3)).toEqual(["refused", "refused", "refused"]);
    expect(attempts.join("\n")).not.toContain("Habitat secret du Nord");
    expect((await store.leads.get(lead.id))?.status).toBe("new");
    // What the journal gained meanwhile: no export, no change (refusals, at most).
    const { entries, total } = await store.audit.page({ limit: 50, offset: 0 });
    const since = entries.slice(0, total - journaled).map((entry) => entry.action);
    expect(since.filter((action) => action !== "refusal")).toEqual([]);
    await context.close();
  });

  test("sales take a request, note a call, and read their list as cards on a phone", async () => {
    const lead = makeLead({ company: "Office public de l'habitat du Finistère" });
    await store.leads.save(lead);
    const context = await browser.newContext({
      locale: "fr-FR",
      viewport: { width: 360, height: 800 },
    });
    const page = await signedIn(context, "ventes@hestia.test");

    // The list on a phone: no sideways scrolling, each request a card.
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshots}/inbox-cards-${engine}-360.png`, fullPage: true });

    await page.getByRole("link", { name: lead.request.company }).click();
    await page.getByRole("button", { name: "Je m'en occupe" }).click();
    await page.getByText("Vous vous en occupez.").waitFor();
    await page.getByLabel("Ajouter une note").fill("Appel du 27 : devis attendu <vendredi>.");
    await page.getByRole("button", { name: "Ajouter la note" }).click();
    await page.getByText("La note a été ajoutée.").waitFor();
    await page.getByText("Appel du 27 : devis attendu <vendredi>.").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshots}/inbox-work-${engine}-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshots}/inbox-work-${engine}-1280.png`, fullPage: true });

    // A reply, prefilled, completed and sent: it reaches the person, Reply-To the member.
    await page.getByRole("link", { name: "Répondre" }).click();
    await page.getByRole("heading", { name: /^Répondre à / }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshots}/inbox-reply-${engine}-360.png`, fullPage: true });
    const message = page.getByLabel("Message");
    await message.fill(`${await message.inputValue()}\n\nNous vous rappelons lundi.`);
    const mailsBefore = smtp.mails.length;
    await page.getByRole("button", { name: "Envoyer la réponse" }).click();
    await page.getByText("La réponse est partie").waitFor();
    await waitFor(() => smtp.mails.length > mailsBefore, 10_000, "the reply's email");
    const reply = smtp.mails
      .slice(mailsBefore)
      .find((mail) => mail.replyTo?.text === "ventes@hestia.test")!;
    expect(reply.text).toContain("Nous vous rappelons lundi.");
    expect(JSON.stringify(reply.to)).toContain(lead.request.email);
    expect((await store.leads.get(lead.id))?.status).toBe("in_progress");

    await page.getByRole("link", { name: "← Toutes les demandes" }).click();
    await page.getByLabel("Responsable").selectOption("moi");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await page.getByText("1 demande.").waitFor();
    expect((await store.leads.get(lead.id))?.owner).toBe("ventes@hestia.test");
    await context.close();
  });
});
