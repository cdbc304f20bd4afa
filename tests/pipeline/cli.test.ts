import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedStore } from "./support/stores";
import { leads } from "./support/cli";
import { makeLead, waitFor } from "./support/leads";
import { deliveryServices } from "./support/delivery-services";
import { liveReleaseWithPhone } from "./support/published-content";
import { postgresMigrations } from "../../src/server/leads/migrations-postgres";
import { sqliteMigrations } from "../../src/server/leads/migrations-sqlite";

/** Each engine's migrations, by version: what `migrate` applies and `check` names. */
const versions = {
  postgres: postgresMigrations.map((migration) => migration.version),
  sqlite: sqliteMigrations.map((migration) => migration.version),
};

// `npm run leads` on PostgreSQL, run as a separate process like an operator's terminal would.

// The schema is not applied first: the first test is about what comes before `migrate`.
const services = deliveryServices(9621, { migrate: false });
const { smtp, receiver, store } = services;
const folder = mkdtempSync(join(tmpdir(), "leads-cli-"));
const env = () => services.env;

afterAll(() => rmSync(folder, { recursive: true, force: true }));

test("before migrate, commands fail naming it; migrate applies the schema once", async () => {
  const early = await leads(["list"], env());
  expect(early.code).toBe(1);
  expect(early.stderr).toContain("npm run leads -- migrate");

  const first = await leads(["migrate"], env());
  expect(first).toMatchObject({
    code: 0,
    stdout: `Migration(s) appliquée(s) : ${versions.postgres.join(", ")}.\n`,
  });
  const second = await leads(["migrate"], env());
  expect(second).toMatchObject({ code: 0, stdout: "Schéma déjà à jour.\n" });
});

test("check says each channel is reachable, and sends nothing", async () => {
  const result = await leads(["check"], env());
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(
    new RegExp(
      `^Base PostgreSQL postgres://postgres@127\\.0\\.0\\.1:9621/leads : joignable \\(schéma à jour, version ${Math.max(...versions.postgres)}\\)$`,
      "m",
    ),
  );
  expect(result.stdout).toMatch(/^SMTP smtp:\/\/127\.0\.0\.1:9622 : joignable/m);
  expect(result.stdout).toMatch(
    /^Webhook http:\/\/127\.0\.0\.1:9623\/hooks\/leads : joignable \(HTTP 405\)$/m,
  );
  expect(smtp.mails).toHaveLength(0);
  expect(receiver.calls).toHaveLength(0);

  await smtp.stop();
  const down = await leads(["check"], env());
  await smtp.start();
  expect(down.code).toBe(1);
  expect(down.stdout).toMatch(
    /^SMTP smtp:\/\/127\.0\.0\.1:9622 : INJOIGNABLE \(.*ECONNREFUSED.*\)$/m,
  );
});

test("list, show and export read what was stored; export is CSV for French Excel, formulas neutralised", async () => {
  const first = makeLead({ message: '=HYPERLINK("http://x";"voir") et détails du besoin' });
  const second = makeLead({ firstName: "Zoé", company: "Logis; Métropole" });
  await store.leads.save(first);
  await store.leads.save(second);

  const list = await leads(["list"], env());
  expect(list.code).toBe(0);
  const lines = list.stdout.trim().split("\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain(first.id);
  expect(lines[1]).toContain("Logis; Métropole — Zoé Lefèvre-N'Diaye");
  expect(lines[2]).toBe("2 demande(s).");

  const show = await leads(["show", second.id], env());
  expect(show.stdout).toContain("Organisme : Logis; Métropole");
  expect(show.stdout).toContain("Téléphone : +262 692 12 34 56");
  expect(show.stdout).toContain("Envoi webhook : en attente");
  expect((await leads(["show", "inconnu"], env())).code).toBe(1);

  const file = join(folder, "export.csv");
  const exported = await leads(["export", file], env());
  expect(exported.stdout).toBe(`2 demande(s) écrite(s) dans ${file}\n`);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const rows = bytes.toString("utf8").slice(1).split("\r\n");
  expect(rows[0]).toBe(
    '"Référence";"Reçue le (heure de Paris)";"Prénom";"Nom";"Email professionnel";"Téléphone";"Organisme";"Besoins";"Accepte d\'être recontacté";"Envoi email aux commerciaux";"Envoi accusé de réception";"Envoi webhook";"Envoi Microsoft Teams";"Envoi Slack";"Quarantaine";"Statut";"Responsable"',
  );
  expect(rows[1]).toContain('"\'=HYPERLINK(""http://x"";""voir"") et détails du besoin"');
  expect(rows[1]).toContain('"\'+262 692 12 34 56"');
  expect(rows[2]).toContain('"Logis; Métropole"');
  expect(rows[2]).toMatch(/^"[0-9a-f-]{36}";"\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d";"Zoé"/);
});

test("retry sends every pending delivery once; a second retry has nothing left", async () => {
  const result = await leads(["retry"], env());
  expect(result.stdout).toBe("2 demande(s) traitée(s) : 4 envoi(s) réussi(s), 0 échec(s).\n");
  expect(result.code).toBe(0);
  await waitFor(() => smtp.mails.length === 2, 5000, "two emails");
  expect(receiver.verifiedIds()).toHaveLength(2);

  const again = await leads(["retry"], env());
  expect(again.stdout).toBe("0 demande(s) traitée(s) : 0 envoi(s) réussi(s), 0 échec(s).\n");
  expect(smtp.mails).toHaveLength(2);
  expect(receiver.calls).toHaveLength(2);
});

test("the help lists every command", async () => {
  const help = await leads([], {});
  expect(help.code).toBe(0);
  for (const name of [
    "list",
    "show ID",
    "export [--email EMAIL] [FICHIER]",
    "retry",
    "check",
    "migrate",
    "spam",
    "release ID",
    "purge",
    "erase EMAIL",
  ]) {
    expect(help.stdout).toContain(`  ${name}`);
  }
  expect((await leads(["inconnue"], {})).code).toBe(2);
});

test("the same commands on the embedded engine, beside a process that has its file open, or alone", async () => {
  const data = join(folder, "leads");
  // This process has the file open, as the server would: the commands open it beside.
  const fileStore = await embeddedStore(data);
  const lead = makeLead({ firstName: "Aurélie" }, { channels: ["email"] });
  await fileStore.leads.save(lead);
  const fileEnv = {
    QUOTE_DATABASE_DIR: data,
    SMTP_URL: smtp.url,
    QUOTE_NOTIFY_TO: "ventes@hestia.test",
    QUOTE_MAIL_FROM: "site@hestia.test",
  };
  smtp.mails.length = 0;

  expect((await leads(["migrate"], fileEnv)).stdout).toBe("Schéma déjà à jour.\n");
  const check = await leads(["check"], fileEnv);
  expect(check.stdout).toContain(
    `Base intégrée SQLite ${data}/leads.sqlite : joignable (schéma à jour, version ${Math.max(...versions.sqlite)})`,
  );
  expect(check.stdout).toMatch(/^Webhook : non configuré/m);
  const list = await leads(["list"], fileEnv);
  expect(list.stdout).toContain(`${lead.id}`);
  expect(list.stdout).toContain("email:en attente(0)");
  expect((await leads(["show", lead.id], fileEnv)).stdout).toContain("Prénom : Aurélie");
  const csv = join(folder, "file-export.csv");
  await leads(["export", csv], fileEnv);
  expect(readFileSync(csv, "utf8")).toContain('"Aurélie"');

  const retry = await leads(["retry"], fileEnv);
  expect(retry.stdout).toBe("1 demande(s) traitée(s) : 1 envoi(s) réussi(s), 0 échec(s).\n");
  await waitFor(() => smtp.mails.length === 1, 5000, "the email");
  expect((await leads(["retry"], fileEnv)).stdout).toBe(
    "0 demande(s) traitée(s) : 0 envoi(s) réussi(s), 0 échec(s).\n",
  );
  expect((await leads(["list"], fileEnv)).stdout).toContain("email:envoyé");
  // No other process has it open now: the command opens it alone.
  await fileStore.close();
  const alone = await leads(["list"], fileEnv);
  expect(alone.stdout).toContain(`${lead.id}`);
  expect(alone.stdout).toContain("1 demande(s).");
}, 600_000);

test("with deploys on, an acknowledgement sent again by retry reads the live release's content/, not the server's folder", async () => {
  const data = join(folder, "ack-leads");
  const deployDir = join(folder, "deploy");
  const ownPhone = liveReleaseWithPhone(deployDir, "01 88 77 66 55");
  const fileStore = await embeddedStore(data);
  const lead = makeLead({ email: "claire@bailleur.test" }, { channels: ["ack"] });
  await fileStore.leads.save(lead);
  await fileStore.close();
  smtp.mails.length = 0;
  const ackEnv = {
    QUOTE_DATABASE_DIR: data,
    SMTP_URL: smtp.url,
    QUOTE_NOTIFY_TO: "ventes@hestia.test",
    QUOTE_MAIL_FROM: "site@hestia.test",
    QUOTE_ACK: "1",
    DEPLOY_GIT_URL: join(folder, "remote.git"),
    DEPLOY_WEBHOOK_SECRET: "0123456789abcdef0123",
    CMS_REPO: "hestia/site",
    DEPLOY_DIR: deployDir,
  };
  const retry = await leads(["retry"], ackEnv);
  expect(retry.stdout).toBe("1 demande(s) traitée(s) : 1 envoi(s) réussi(s), 0 échec(s).\n");
  await waitFor(() => smtp.mails.length === 1, 5000, "the acknowledgement");
  const mail = JSON.stringify(smtp.mails[0]);
  expect(mail).toContain("01 88 77 66 55");
  expect(mail).not.toContain(ownPhone);
}, 120_000);
