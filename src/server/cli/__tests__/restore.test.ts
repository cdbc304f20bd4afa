/** @jest-environment node */
import { afterAll, expect, test } from "@jest/globals";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { nodeArgs } from "../../../test-utils/compiled-server";
import { embeddedSettings, makeLead } from "../../../test-utils/leads";
import { readServerConfig } from "../../config";
import { embeddedFileName } from "../../leads/embedded-store";
import { sqliteMigrations } from "../../leads/migrations-sqlite";
import type { Lead } from "../../leads/lead-store";
import { openLeadStore } from "../../leads/open-store";
import type { SqlLeadStore } from "../../leads/sql-store";
import { terminalActor, type CliContext } from "../command-context";
import { commands } from "../commands";

/** The newest schema of the embedded store, which a backup taken now is at. */
const latestSqlite = Math.max(...sqliteMigrations.map((migration) => migration.version));

// The restore drill an operator should run once before needing it: a backup taken while the
// server saves, the store lost, the backup restored; and each refusal, which changes nothing.

const root = mkdtempSync(join(tmpdir(), "restore-command-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** One installation: its store's folder, its backups' folder, and its commands run here. */
function installation(name: string) {
  const leads = join(root, name, "leads");
  const backups = join(root, name, "backups");
  const config = readServerConfig({ QUOTE_DATABASE_DIR: leads, BACKUP_DIR: backups });
  const printed: string[] = [];
  let opened: SqlLeadStore | undefined;
  const context: CliContext = {
    actor: terminalActor(),
    config,
    out: (line) => printed.push(line),
    // `erase` opens the store; backup and restore never do (src/server/cli/backups.ts).
    store: async () => (opened ??= await openLeadStore(config.store)),
  };
  return {
    leads,
    backups,
    file: join(leads, embeddedFileName),
    printed,
    open: () => openLeadStore(embeddedSettings(leads)),
    async run(...argv: string[]): Promise<number> {
      printed.length = 0;
      const [command, ...args] = argv;
      try {
        return await commands[command!]!.run(args, context);
      } finally {
        await opened?.close();
        opened = undefined;
      }
    },
    /** The file `backup` says it wrote. */
    written(): string {
      const match = /^Sauvegarde écrite : (\S+) /.exec(printed[0] ?? "");
      if (!match) throw new Error(`no backup written: ${printed.join("\n")}`);
      return match[1]!;
    },
  };
}

/** Every file of the folder with its content: what "nothing changed" compares. */
const snapshot = (folder: string) =>
  Object.fromEntries(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name))]));

test("restore drill: every lead saved before a backup taken mid-burst is back after the disk dies", async () => {
  const site = installation("drill");
  const store = await site.open();
  const before: Lead[] = [];
  for (let index = 0; index < 500; index++) {
    const lead = makeLead({ email: `personne${index}@exemple.fr` });
    await store.leads.save(lead);
    before.push(lead);
  }

  // The backup runs as production runs it, in a process of its own (the compiled CLI), while
  // four clients of this process keep saving leads; `committed` is their commit order.
  const committed: string[] = [];
  let saving = true;
  const client = async () => {
    while (saving) {
      const lead = makeLead();
      await store.leads.save(lead);
      committed.push(lead.id);
      // A save runs on promises alone: without a turn of the event loop between two, the
      // backup's exit would never be heard. A server's requests arrive through it likewise.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const burst = Promise.all([client(), client(), client(), client()]);
  const backup = spawn(process.execPath, nodeArgs("leads", "backup"), {
    env: { PATH: process.env.PATH, QUOTE_DATABASE_DIR: site.leads, BACKUP_DIR: site.backups },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  backup.stdout!.on("data", (chunk: Buffer) => (output += String(chunk)));
  const [code] = await once(backup, "exit");
  saving = false;
  await burst;
  expect(code).toBe(0);
  const [, file, count] =
    /^Sauvegarde écrite : (\S+) \(.*, (\d+) demande\(s\)\)\.\nJournal des effacements à côté : .*\n$/.exec(
      output,
    )!;

  await store.close();
  rmSync(site.leads, { recursive: true });
  expect(await site.run("restore", file!)).toBe(0);
  expect(site.printed).toContain(
    `Aucune base actuelle (${site.file} n'existe pas) : les effacements sont repris du journal des effacements.`,
  );
  expect(site.printed.at(-1)).toBe(
    `Restauration faite : ${count} demande(s) dans ${site.file}. Démarrez le serveur.`,
  );

  const restored = await site.open();
  try {
    const ids = (await restored.leads.list()).map((lead) => lead.id);
    expect(ids).toHaveLength(Number(count));
    expect(ids.slice(0, 500)).toEqual(before.map((lead) => lead.id));
    expect(await restored.leads.get(before[321]!.id)).toEqual(before[321]);
    // One instant of the store: the burst's first leads, in commit order, and none after them;
    // some were saved before the copy was taken and some after, so it was taken mid-burst.
    const fromBurst = ids.slice(500);
    expect(fromBurst).toEqual(committed.slice(0, fromBurst.length));
    expect(fromBurst.length).toBeGreaterThan(0);
    expect(fromBurst.length).toBeLessThan(committed.length);
  } finally {
    await restored.close();
  }
}, 120_000);

test("an erasure made after the backup is made again by the restore, from the journal", async () => {
  const site = installation("erasure");
  const store = await site.open();
  const claire = [
    makeLead({ email: "claire@exemple.fr" }),
    makeLead({ email: "Claire@Exemple.fr" }),
  ];
  const paul = makeLead({ email: "paul@exemple.fr" });
  for (const lead of [...claire, paul]) await store.leads.save(lead);
  expect(await site.run("backup")).toBe(0);
  const file = site.written();
  const later = makeLead({ email: "arrivee@exemple.fr" });
  await store.leads.save(later);
  expect(await site.run("erase", "claire@exemple.fr")).toBe(0);
  await store.close();

  expect(await site.run("restore", file)).toBe(0);
  expect(site.printed).toEqual([
    expect.stringMatching(
      new RegExp(
        `^Sauvegarde lue : .* \\(3 demande\\(s\\), schéma ${latestSqlite}, dernière écriture : le .*\\)\\.$`,
      ),
    ),
    `Journal des effacements lu : ${site.backups}/effacements.jsonl (1 effacement(s)).`,
    expect.stringMatching(
      /^Effacement\(s\) du journal depuis le .*, refait\(s\) dans la sauvegarde : 1$/,
    ),
    expect.stringMatching(
      /^ {2}effacement du .* par terminal \(.*\) : 2 demande\(s\) de nouveau supprimée\(s\)$/,
    ),
    expect.stringMatching(
      /^Base remplacée gardée sous leads-avant-restauration-.*Z\.sqlite dans .* \(elle seule a les demandes reçues depuis la sauvegarde\)\.$/,
    ),
    `Restauration faite : 1 demande(s) dans ${site.file}. Démarrez le serveur.`,
  ]);

  const restored = await site.open();
  try {
    expect((await restored.leads.list()).map((lead) => lead.id)).toEqual([paul.id]);
    // The erasure's line is in the restored journal too: a restore from an older backup,
    // later, still finds it.
    const { entries } = await restored.audit.page({ limit: 10, offset: 0 });
    expect(entries.filter((entry) => entry.action === "erase")).toHaveLength(1);
  } finally {
    await restored.close();
  }
  // The store as it was is kept aside, with the lead that came after the backup.
  const aside = readdirSync(site.leads).find((name) =>
    name.startsWith("leads-avant-restauration-"),
  );
  const kept = new DatabaseSync(join(site.leads, aside!), { readOnly: true });
  try {
    const ids = kept.prepare("SELECT id FROM leads ORDER BY seq").all();
    expect(ids.map((row) => row.id)).toEqual([paul.id, later.id]);
  } finally {
    kept.close();
  }
});

test("restore onto an empty machine: every erasure made after the backup is made again, from the file beside the backups", async () => {
  const site = installation("lost-disk");
  const store = await site.open();
  const [claire, paul, lea, marc] = [
    makeLead({ email: "claire@exemple.fr" }),
    makeLead({ email: "paul@exemple.fr" }),
    makeLead({ email: "lea@exemple.fr" }),
    makeLead({ email: "marc@exemple.fr" }),
  ];
  for (const lead of [claire, paul, lea, marc]) await store.leads.save(lead);
  // Erased before the backup: the backup no longer holds them, and the file says so.
  expect(await site.run("erase", "marc@exemple.fr")).toBe(0);
  await store.close();
  expect(await site.run("backup")).toBe(0);
  const file = site.written();
  expect(site.printed.at(-1)).toBe(
    `Journal des effacements à côté : ${site.backups}/effacements.jsonl (1 effacement(s)).`,
  );
  expect(await site.run("erase", "claire@exemple.fr")).toBe(0);
  expect(await site.run("erase", "lea@exemple.fr")).toBe(0);

  // The disk that held the store dies: its folder is gone; the backups' folder is kept.
  rmSync(site.leads, { recursive: true });
  expect(await site.run("restore", file)).toBe(0);
  expect(site.printed.slice(1, -1)).toEqual([
    `Journal des effacements lu : ${site.backups}/effacements.jsonl (3 effacement(s)).`,
    `Aucune base actuelle (${site.file} n'existe pas) : les effacements sont repris du journal des effacements.`,
    // The one made just before the backup is read too (the backup's latest instant is its
    // own line's): its request is already gone from the backup.
    expect.stringMatching(
      /^Effacement\(s\) du journal depuis le .*, refait\(s\) dans la sauvegarde : 3$/,
    ),
    expect.stringMatching(
      /^ {2}effacement du .* : 0 demande\(s\) de nouveau supprimée\(s\), 1 déjà absente\(s\) de la sauvegarde$/,
    ),
    expect.stringMatching(/^ {2}effacement du .* : 1 demande\(s\) de nouveau supprimée\(s\)$/),
    expect.stringMatching(/^ {2}effacement du .* : 1 demande\(s\) de nouveau supprimée\(s\)$/),
  ]);
  expect(site.printed.at(-1)).toBe(
    `Restauration faite : 1 demande(s) dans ${site.file}. Démarrez le serveur.`,
  );
  const restored = await site.open();
  try {
    expect((await restored.leads.list()).map((lead) => lead.id)).toEqual([paul.id]);
  } finally {
    await restored.close();
  }
  // Restored again from the same backup, on this new store: nothing comes back either.
  expect(await site.run("restore", file)).toBe(0);
  expect(site.printed.at(-1)).toContain("Restauration faite : 1 demande(s)");
});

test("without the erasures' file, a restore is refused in French, unless told to go on without it", async () => {
  const site = installation("no-file");
  const store = await site.open();
  await store.leads.save(makeLead({ email: "claire@exemple.fr" }));
  await store.close();
  expect(await site.run("backup")).toBe(0);
  const file = site.written();
  expect(await site.run("erase", "claire@exemple.fr")).toBe(0);
  rmSync(site.leads, { recursive: true });
  rmSync(join(site.backups, "effacements.jsonl"));

  expect(await site.run("restore", file)).toBe(1);
  expect(site.printed).toEqual([
    `Restauration refusée : aucun journal des effacements (${site.backups}/effacements.jsonl : introuvable). Sans lui, les personnes effacées depuis la sauvegarde reviendraient dans la base restaurée, et si la base actuelle est perdue, rien ne le dirait. Remettez ce fichier à côté de la sauvegarde (depuis l'autre disque ou la copie distante des sauvegardes) ; ou, si vous l'avez perdu, relancez avec --sans-journal-des-effacements et refaites à la main les effacements faits depuis la sauvegarde (npm run leads -- erase EMAIL). Rien n'a été modifié.`,
  ]);
  expect(existsSync(site.leads)).toBe(false);

  expect(await site.run("restore", "--sans-journal-des-effacements", file)).toBe(0);
  expect(site.printed).toContain(
    `Aucune base actuelle (${site.file} n'existe pas) : aucun journal d'effacements n'a pu être lu ; refaites à la main les effacements faits depuis la sauvegarde (npm run leads -- erase EMAIL).`,
  );
  // Told so: the erased person is back, for the operator to erase again by hand.
  expect(site.printed.at(-1)).toBe(
    `Restauration faite : 1 demande(s) dans ${site.file}. Démarrez le serveur.`,
  );
});

test("an erasure whose line cannot be written beside the backups is not made", async () => {
  const site = installation("unwritable");
  const store = await site.open();
  const lead = makeLead({ email: "claire@exemple.fr" });
  await store.leads.save(lead);
  // BACKUP_DIR where no folder can be: under a plain file (root's rights do not help).
  writeFileSync(join(root, "unwritable", "fichier"), "");
  const config = readServerConfig({
    QUOTE_DATABASE_DIR: site.leads,
    BACKUP_DIR: join(root, "unwritable", "fichier", "backups"),
  });
  const elsewhere = await openLeadStore(config.store);
  try {
    await expect(
      commands.erase!.run(["claire@exemple.fr"], {
        actor: terminalActor(),
        config,
        out: () => undefined,
        store: async () => elsewhere,
      }),
    ).rejects.toThrow(
      /^le journal des effacements .*fichier\/backups\/effacements\.jsonl n'a pas pu être écrit \(.*\) : rien n'a été effacé ; vérifiez BACKUP_DIR, son disque et ses droits$/,
    );
  } finally {
    await elsewhere.close();
  }
  expect(await store.leads.get(lead.id)).toEqual(lead);
  const { entries } = await store.audit.page({ limit: 10, offset: 0 });
  expect(entries.filter((entry) => entry.action === "erase")).toEqual([]);
  await store.close();
});

test("a file that is not a backup is refused, and the store is left as it was", async () => {
  const site = installation("not-a-backup");
  await (await site.open()).close();
  const spreadsheet = join(root, "not-a-backup", "demandes.xlsx.sqlite");
  writeFileSync(spreadsheet, "Ceci est un tableur, pas une sauvegarde.\n".repeat(100));
  const other = join(root, "not-a-backup", "autre.sqlite");
  const db = new DatabaseSync(other);
  db.exec("CREATE TABLE contacts (email TEXT)");
  db.close();
  const before = snapshot(site.leads);

  expect(await site.run("restore", spreadsheet)).toBe(1);
  expect(site.printed).toEqual([
    `Restauration refusée : le fichier ${spreadsheet} n'est pas une base SQLite lisible. Rien n'a été modifié.`,
  ]);
  expect(await site.run("restore", other)).toBe(1);
  expect(site.printed).toEqual([
    `Restauration refusée : le fichier ${other} est une base SQLite, mais pas une sauvegarde des demandes (il n'y a ni table leads ni table lead_schema_migrations). Rien n'a été modifié.`,
  ]);
  expect(await site.run("restore")).toBe(2);
  expect(snapshot(site.leads)).toEqual(before);
});

test("a backup of a newer schema than the code is refused, and the store is left as it was", async () => {
  const site = installation("newer");
  const store = await site.open();
  await store.leads.save(makeLead());
  await store.close();
  expect(await site.run("backup")).toBe(0);
  const file = site.written();
  const db = new DatabaseSync(file);
  db.exec(
    "INSERT INTO lead_schema_migrations (version, description, applied_at) VALUES (99, 'a later version''s', '2027-01-01T00:00:00.000Z')",
  );
  db.close();
  const before = snapshot(site.leads);

  expect(await site.run("restore", file)).toBe(1);
  expect(site.printed).toEqual([
    expect.stringMatching(
      new RegExp(
        `^Restauration refusée : la base .* est au schéma 99, plus récent que celui que ce code connaît \\(${latestSqlite}\\) : .* Rien n'a été modifié\\.$`,
      ),
    ),
  ]);
  expect(snapshot(site.leads)).toEqual(before);
});

test("a restore while another process holds the store is refused; once it is gone, it goes on", async () => {
  const site = installation("held");
  const store = await site.open();
  await store.leads.save(makeLead());
  await store.close();
  expect(await site.run("backup")).toBe(0);
  const file = site.written();

  // A server as it idles between requests: the file open in WAL mode, no transaction running.
  const server = spawn(
    process.execPath,
    [
      "-e",
      `const { DatabaseSync } = require("node:sqlite");
       const db = new DatabaseSync(${JSON.stringify(site.file)}, { timeout: 5000 });
       db.exec("PRAGMA journal_mode = WAL");
       db.prepare("SELECT count(*) FROM leads").get();
       console.log("open");
       process.stdin.resume();
       process.stdin.on("end", () => process.exit(0));`,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = once(server, "exit");
  try {
    const said = await Promise.race([
      once(server.stdout!, "data").then(([line]) => String(line)),
      exited.then(([code]) => `exited with ${String(code)}`),
    ]);
    expect(said).toContain("open");
    // Its shared memory aside, which SQLite rewrites as it reads.
    const before = readFileSync(site.file);
    const names = readdirSync(site.leads);
    expect(await site.run("restore", file)).toBe(1);
    expect(site.printed).toEqual([
      `Restauration refusée : la base ${site.file} est ouverte par un autre processus (le serveur, ou une commande npm run leads) : arrêtez-le (fuser -v ${site.file} le nomme) puis relancez. Rien n'a été modifié.`,
    ]);
    expect(readFileSync(site.file).equals(before)).toBe(true);
    expect(readdirSync(site.leads)).toEqual(names);
  } finally {
    server.stdin!.end();
    await exited;
  }
  expect(await site.run("restore", file)).toBe(0);
  expect(existsSync(site.file)).toBe(true);
}, 30_000);
