/** @jest-environment node */
import { afterAll, expect, test } from "@jest/globals";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { nodeArgs } from "../../../test-utils/compiled-server";
import { embeddedSettings, makeLead } from "../../../test-utils/leads";
import { readServerConfig, type Env } from "../../config";
import { embeddedFileName } from "../../leads/embedded-store";
import { openLeadStore } from "../../leads/open-store";
import { terminalActor, type CliContext } from "../command-context";
import { commands } from "../commands";

// `npm run leads -- backup` as an operator and a timer run it: a checked copy named by its date,
// the oldest ones rotated out, and a French refusal that leaves nothing behind.

const root = mkdtempSync(join(tmpdir(), "backup-command-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A store folder of its own with `count` leads in it, closed. */
async function storeWith(name: string, count: number): Promise<string> {
  const folder = join(root, name, "leads");
  const store = await openLeadStore(embeddedSettings(folder));
  for (let index = 0; index < count; index++) await store.leads.save(makeLead());
  await store.close();
  return folder;
}

/** Runs one command in this process, with the environment given; resolves to code and lines. */
async function run(env: Env, ...argv: string[]): Promise<{ code: number; printed: string[] }> {
  const [name, ...args] = argv;
  const printed: string[] = [];
  const context: CliContext = {
    actor: terminalActor(),
    config: readServerConfig(env),
    out: (line) => printed.push(line),
    store: () => Promise.reject(new Error("backup opens the file itself, not the store")),
  };
  return { code: await commands[name!]!.run(args, context), printed };
}

const writtenPattern = /^Sauvegarde écrite : (\S+) \([\d,\u202f]+ ko, (\d+) demande\(s\)\)\.$/;

test("a backup is a checked copy, the owner's alone, named by its date, in BACKUP_DIR", async () => {
  const leads = await storeWith("plain", 12);
  const backups = join(root, "plain", "backups");
  const { code, printed } = await run({ QUOTE_DATABASE_DIR: leads, BACKUP_DIR: backups }, "backup");
  expect(code).toBe(0);
  const [, file, count] = writtenPattern.exec(printed[0]!) ?? [];
  expect(count).toBe("12");
  // The erasures' file beside it, created empty: a restore finds it (src/server/leads/erasure-file.ts).
  expect(printed.slice(1)).toEqual([
    `Journal des effacements à côté : ${join(backups, "effacements.jsonl")} (0 effacement(s)).`,
  ]);
  expect(readdirSync(backups)).toEqual([
    "effacements.jsonl",
    expect.stringMatching(/^leads-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/),
  ]);
  expect(file).toBe(join(backups, readdirSync(backups)[1]!));
  expect((statSync(join(backups, "effacements.jsonl")).mode & 0o777).toString(8)).toBe("600");
  expect((statSync(backups).mode & 0o777).toString(8)).toBe("700");
  expect((statSync(file!).mode & 0o777).toString(8)).toBe("600");
  const copy = new DatabaseSync(file!, { readOnly: true });
  try {
    expect(copy.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    expect(copy.prepare("SELECT count(*) AS n FROM leads").get()).toEqual({ n: 12 });
  } finally {
    copy.close();
  }
});

test("the newest BACKUP_KEEP backups are kept; other files in the folder are left alone", async () => {
  const leads = await storeWith("rotation", 3);
  const backups = join(root, "rotation", "backups");
  mkdirSync(backups, { recursive: true });
  const older = [1, 2, 3, 4, 5].map((day) => `leads-2026-01-0${day}T03-00-00Z.sqlite`);
  for (const name of [...older, "notes.txt", "leads-copie-manuelle.sqlite"]) {
    writeFileSync(join(backups, name), "");
  }
  const env = { QUOTE_DATABASE_DIR: leads, BACKUP_DIR: backups, BACKUP_KEEP: "3" };
  const { code, printed } = await run(env, "backup");
  expect(code).toBe(0);
  expect(printed[1]).toBe(
    `3 sauvegarde(s) plus ancienne(s) supprimée(s) (BACKUP_KEEP : 3) : ${older.slice(0, 3).join(", ")}.`,
  );
  const written = writtenPattern.exec(printed[0]!)![1]!;
  expect(readdirSync(backups).sort()).toEqual(
    [...older.slice(3), written.slice(backups.length + 1)]
      .concat("effacements.jsonl", "leads-copie-manuelle.sqlite", "notes.txt")
      .sort(),
  );
});

test("DOSSIER takes the place of BACKUP_DIR", async () => {
  const leads = await storeWith("folder", 1);
  const chosen = join(root, "folder", "ailleurs");
  const env = { QUOTE_DATABASE_DIR: leads, BACKUP_DIR: join(root, "folder", "backups") };
  expect((await run(env, "backup", chosen)).code).toBe(0);
  expect(readdirSync(chosen)).toEqual([
    "effacements.jsonl",
    expect.stringMatching(/^leads-.*\.sqlite$/),
  ]);
  expect(readdirSync(join(root, "folder"))).not.toContain("backups");
});

test("a folder that is not writable is refused in French, and nothing is left in it", async () => {
  const leads = await storeWith("read-only", 2);
  const backups = join(root, "read-only", "backups");
  mkdirSync(backups);
  const env: Record<string, string> = { QUOTE_DATABASE_DIR: leads, BACKUP_DIR: backups };
  // A mode does not stop root: the folder is mounted read-only instead, for the command alone, in
  // a mount namespace of its own (Bubblewrap, which npm test installs for the deploys' box).
  const result = spawnSync(
    "bwrap",
    [
      "--dev-bind",
      "/",
      "/",
      "--ro-bind",
      backups,
      backups,
      "--",
      process.execPath,
      ...nodeArgs("leads", "backup"),
    ],
    { env: { PATH: process.env.PATH, ...env }, encoding: "utf8" },
  );
  expect(result.stderr).toBe("");
  expect(result.stdout).toMatch(
    new RegExp(
      `^Sauvegarde impossible : le dossier des sauvegardes ${backups} n'est pas accessible en écriture \\(.*\\) : vérifiez BACKUP_DIR et ses droits\\.\\n$`,
    ),
  );
  expect(result.status).toBe(1);
  expect(readdirSync(backups)).toEqual([]);
}, 30_000);

test("a folder under a file cannot be made: refused the same way", async () => {
  const leads = await storeWith("under-a-file", 1);
  const file = join(root, "under-a-file", "un-fichier");
  writeFileSync(file, "");
  const { code, printed } = await run(
    { QUOTE_DATABASE_DIR: leads, BACKUP_DIR: join(file, "backups") },
    "backup",
  );
  expect(code).toBe(1);
  expect(printed).toEqual([
    expect.stringMatching(
      /^Sauvegarde impossible : le dossier des sauvegardes .* n'est pas accessible en écriture \(.*ENOTDIR.*\) : vérifiez BACKUP_DIR et ses droits\.$/,
    ),
  ]);
});

test("no store, or PostgreSQL: refused in French, pointing to what to do", async () => {
  const missing = join(root, "missing", "leads");
  const backups = join(root, "missing", "backups");
  const none = await run({ QUOTE_DATABASE_DIR: missing, BACKUP_DIR: backups }, "backup");
  expect(none).toEqual({
    code: 1,
    printed: [
      `Sauvegarde impossible : aucune base à sauvegarder : le fichier ${join(missing, embeddedFileName)} n'existe pas (vérifiez QUOTE_DATABASE_DIR).`,
    ],
  });
  const postgres = await run({ DATABASE_URL: "postgres://u:p@db/leads" }, "backup");
  expect(postgres.code).toBe(2);
  expect(postgres.printed.join("\n")).toMatch(/PostgreSQL .* pg_dump .* hébergeur/);
  expect(postgres.printed.join("\n")).not.toContain("u:p@db");
});
