/** @jest-environment node */
import { afterAll, expect, test } from "@jest/globals";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedSettings, makeLead } from "../../../test-utils/leads";
import { EmbeddedStoreError, embeddedFileName } from "../embedded-store";
import { SchemaTooNewError } from "../migrations";
import { openLeadStore } from "../open-store";

// The embedded file as an operator meets it: what it refuses, and leaves as it was.

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
  await store.leads.save(lead);
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

test("the folder it creates is the server user's alone: no other account reads the leads", async () => {
  const dir = folder("created");
  await (await open(dir)).close();
  expect((statSync(dir).mode & 0o777).toString(8)).toBe("700");
});
