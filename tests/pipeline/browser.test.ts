import { chromium, type Browser } from "playwright-core";
import { waitFor } from "./support/leads";
import { deliveryServices } from "./support/delivery-services";
import { SiteProcess } from "./support/site-process";

// A visitor sends the real form of the production build (`npm run build` first), served by
// `npm run serve` on PostgreSQL; sales' email, the visitor's acknowledgement and the webhook
// arrive with every field as typed: accents, a curly apostrophe, an overseas number.

const services = deliveryServices(9661);
const { smtp, receiver, store } = services;
let site: SiteProcess;
let browser: Browser;

const typed = {
  Prénom: "  Hélène ",
  Nom: "N’Diaye-Lefèvre",
  "Email professionnel": "h.ndiaye@oph-guadeloupe.fr",
  Téléphone: "+590 590 12 34 56",
  Organisme: "Office public de l'habitat de Guadeloupe",
  "Décrivez vos besoins":
    "Environ 300 dossiers « impayés » de plus de trois mois ; Pointe-à-Pitre & Basse-Terre.",
};
// What the endpoint keeps: the schema trims each field.
const expected = {
  firstName: "Hélène",
  lastName: "N’Diaye-Lefèvre",
  email: "h.ndiaye@oph-guadeloupe.fr",
  phone: "+590 590 12 34 56",
  company: "Office public de l'habitat de Guadeloupe",
  message: typed["Décrivez vos besoins"],
  rgpd: true,
};

beforeAll(async () => {
  site = new SiteProcess(
    9664,
    { ...services.env, QUOTE_MAIL_FROM: "Site Hestia <site@hestia.test>", QUOTE_ACK: "1" },
    { realBuild: true },
  );
  await site.start();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
});

afterAll(async () => {
  await browser?.close();
  await site?.destroy();
});

test("the form's request reaches sales, the visitor and the webhook, every field as typed", async () => {
  const page = await browser.newPage({ locale: "fr-FR" });
  await page.goto(`${site.url}/#contact`, { waitUntil: "networkidle" });
  const form = page.getByRole("form", { name: "Demande de devis" });
  // Key by key, as a person types: a form filled in a blink is held apart as a robot's.
  for (const [label, value] of Object.entries(typed)) {
    await form.getByLabel(label, { exact: true }).pressSequentially(value, { delay: 30 });
  }
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Envoyer ma demande" }).click();
  await page.getByText("Votre demande a été envoyée avec succès !").waitFor();
  await page.close();

  await waitFor(
    () => smtp.mails.length === 2 && receiver.calls.length === 1,
    15_000,
    "2 emails and a webhook",
  );
  const sales = smtp.mails.find((mail) => mail.messageId?.startsWith("<devis-sales-"));
  expect(sales?.subject).toBe(
    "Demande de devis : Office public de l'habitat de Guadeloupe — Hélène N’Diaye-Lefèvre",
  );
  expect(sales?.replyTo?.value[0]?.address).toBe(expected.email);
  for (const value of Object.values(expected)) {
    if (typeof value === "string") expect(sales?.text).toContain(value);
  }
  expect(sales?.html).toContain("Pointe-à-Pitre &amp; Basse-Terre");

  const ack = smtp.mails.find((mail) => mail.messageId?.startsWith("<devis-ack-"));
  expect(ack?.text).toContain("Bonjour Hélène N’Diaye-Lefèvre,");
  expect(ack?.text).toContain(expected.message);

  expect(receiver.calls[0]?.verified).toBe(true);
  expect(receiver.calls[0]?.payload).toMatchObject({ data: expected });

  const [lead] = await store.leads.list();
  expect(lead?.request).toEqual(expected);
  // Stopped: it ends the deliveries under way first, so a duplicate would be here by now.
  await site.stop();
  expect(smtp.mails).toHaveLength(2);
  expect(receiver.calls).toHaveLength(1);
});
