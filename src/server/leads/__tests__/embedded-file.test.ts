/** @jest-environment node */
import { afterAll, expect, test } from "@jest/globals";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedSettings, makeLead } from "../../../test-utils/leads";
import { EmbeddedStoreError, embeddedFileName } from "../embedded-store";
import { SchemaTooNewError } from "../migrations";
import { openLeadStore } from "../open-store";
import { nodeArgs } from "../../../test-utils/compiled-server";

// The embedded file as an operator meets it: what it refuses (and leaves as it was), and the
// leads of an earlier version's engine (PGlite) carried over once.

const root = mkdtempSync(join(tmpdir(), "embedded-file-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const folder = (name: string) => join(root, name);
const open = (dir: string) => openLeadStore(embeddedSettings(dir));

test("a file that is not a database is refused in French, naming it, and left untouched", async () => {
  const dir = folder("not-a-database");
  mkdirSync(dir);
  const file = join(dir, embeddedFileName);
  const content = "Ceci est un tableur exporté, pas une base.\n".repeat(200);
  writeFileSync(file, content);
  const opening = open(dir);
  await expect(opening).rejects.toThrow(EmbeddedStoreError);
  await expect(opening).rejects.toThrow(`le fichier ${file} n'est pas une base SQLite lisible`);
  expect(readFileSync(file, "utf8")).toBe(content);
});

test("a database of a newer schema than the code is refused, and nothing is written to it", async () => {
  const dir = folder("newer");
  const store = await open(dir);
  const lead = makeLead();
  await store.save(lead);
  await store.database.query(
    "INSERT INTO lead_schema_migrations (version, description, applied_at) VALUES ($1, $2, $3)",
    [99, "a later version's", new Date()],
  );
  await store.close();
  const before = readFileSync(join(dir, embeddedFileName));
  await expect(open(dir)).rejects.toThrow(SchemaTooNewError);
  await expect(open(dir)).rejects.toThrow(/schéma 99, plus récent .* version plus récente/);
  expect(readFileSync(join(dir, embeddedFileName)).equals(before)).toBe(true);
});

test("a file held by a stuck process is refused after the busy timeout, with what to do", async () => {
  const dir = folder("locked");
  // Closed before the other process starts: the last close checkpoints the file, under its lock.
  await (await open(dir)).close();
  const file = join(dir, embeddedFileName);
  // Another process takes the write lock and keeps it until its stdin closes.
  const stuck = spawn(
    process.execPath,
    [
      "-e",
      `const { DatabaseSync } = require("node:sqlite");
       const db = new DatabaseSync(${JSON.stringify(file)}, { timeout: 5000 });
       db.exec("BEGIN IMMEDIATE");
       console.log("locked");
       process.stdin.resume();
       process.stdin.on("end", () => process.exit(0));`,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  // Known from the start, so that a process that ends before saying "locked" fails the test.
  const exited = once(stuck, "exit");
  try {
    const said = await Promise.race([
      once(stuck.stdout!, "data").then(([line]) => String(line)),
      exited.then(([code]) => `exited with ${String(code)}`),
    ]);
    expect(said).toContain("locked");
    await expect(open(dir)).rejects.toThrow(
      `le fichier ${file} est verrouillé par un autre processus`,
    );
  } finally {
    stuck.stdin!.end();
    await exited;
  }
  // Once the process is gone, the same file opens.
  await (await open(dir)).close();
}, 30_000);

/** Node with these arguments: the compiled CLI as `npm run leads` runs it, or a test script. */
const run = (args: string[], env: NodeJS.ProcessEnv, input = "") =>
  spawnSync(process.execPath, args, {
    env: { ...process.env, ...env },
    input,
    encoding: "utf8",
  });

test("an earlier version's PGlite folder is carried over once: every lead, delivery and ledger row, the folder kept", async () => {
  const dir = folder("upgrade");
  const pgdata = join(dir, "pgdata");
  const leads = [
    makeLead({ company: "Office public de l'habitat « Les Cèdres »" }),
    { ...makeLead({}, { key: null }), quarantine: { reason: "formulaire rempli en 0,8 s" } },
    { ...makeLead({ email: "autre@bailleur.fr" }), requestId: "req-42" },
  ];
  leads[0]!.deliveries.email = {
    state: "sent",
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    sentAt: "2026-03-04T10:20:30.456Z",
  };
  mkdirSync(dir);
  const written = run(
    ["--import", "tsx", "src/test-utils/earlier-engine-folder.ts", pgdata],
    {},
    JSON.stringify(leads),
  );
  expect(written.stderr).toBe("");
  expect(written.status).toBe(0);

  // The operator's first command after the upgrade opens the file, which carries the folder over.
  const check = run(nodeArgs("leads", "check"), { QUOTE_DATABASE_DIR: dir });
  expect(check.stdout).toContain(`Base intégrée SQLite ${join(dir, embeddedFileName)} : joignable`);
  expect(check.stdout).toContain(`Ancienne base intégrée ${pgdata} : reprise le `);
  expect(check.stdout).toContain("(3 demande(s), 6 envoi(s))");
  expect(existsSync(join(pgdata, "PG_VERSION"))).toBe(true);

  const store = await open(dir);
  expect(await store.list()).toEqual(leads);
  // The spent challenge came too: the same nonce by another spender is refused.
  expect(await store.spendChallenge("nonce-1", new Date(Date.now() + 60_000), "o", "other")).toBe(
    false,
  );
  await store.close();

  // Opened again, nothing is imported twice.
  expect(run(nodeArgs("leads", "check"), { QUOTE_DATABASE_DIR: dir }).status).toBe(0);
  const again = await open(dir);
  expect(await again.list()).toHaveLength(3);
  await again.close();
}, 120_000);
