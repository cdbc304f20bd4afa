/** @jest-environment node */
import { afterAll, afterEach, beforeEach, expect, test } from "@jest/globals";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedSettings, makeLead } from "../../../test-utils/leads";
import { confirmSpam, erasePerson, type Actor } from "../actions";
import { embeddedFileName } from "../embedded-store";
import { openLeadStore } from "../open-store";
import { purgeExpired } from "../retention";
import type { SqlLeadStore } from "../sql-store";

// What the privacy officer asks after an erasure: is the person anywhere on disk? Every file of
// the embedded store (leads.sqlite, its -wal and -shm) is read byte by byte for what the person
// typed, as typed and as the search folds it; it is there before, and nowhere after.

const root = mkdtempSync(join(tmpdir(), "erased-on-disk-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const actor: Actor = { name: "terminal (dpo)", requestId: null };
const person = {
  email: "zephyrine.quennec@oph-exemple.fr",
  firstName: "Zéphyrine",
  lastName: "Quennec",
  company: "Office HLM de Kerbriand",
};
/** What the person typed, and the search's folded copy (lower case, accents gone). */
const traces = [person.email, person.firstName, "zephyrine", person.company, "kerbriand"];

let dir: string;
let store: SqlLeadStore;
beforeEach(async () => {
  dir = mkdtempSync(join(root, "store-"));
  store = await openLeadStore(embeddedSettings(dir));
});
afterEach(() => store.close());

/** The traces found, file by file, in every file the store keeps beside leads.sqlite. */
function onDisk(): string[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith(embeddedFileName))
    .flatMap((name) => {
      const bytes = readFileSync(join(dir, name));
      return traces
        .filter((trace) => bytes.includes(Buffer.from(trace, "utf8")))
        .map((trace) => `${name}: ${trace}`);
    });
}

test("an erasure leaves the person in no file of the store", async () => {
  await store.leads.save(makeLead(person));
  await store.leads.save(makeLead(person));
  await store.leads.save(makeLead({ email: "paul@exemple.fr" }));
  expect(onDisk()).toEqual(expect.arrayContaining([expect.stringContaining(person.email)]));
  expect(await erasePerson(store, actor, person.email)).toMatchObject({ outcome: "erased" });
  expect(onDisk()).toEqual([]);
  // The other person's request is still there, whole.
  expect(await store.leads.findByEmail("paul@exemple.fr")).toHaveLength(1);
});

test("a spam deleted and a purge leave nothing of what they deleted", async () => {
  const spam = { ...makeLead(person), quarantine: { reason: "rempli en 2 s" } };
  await store.leads.save(spam);
  expect(onDisk()).not.toEqual([]);
  expect(await confirmSpam(store, actor, spam.id)).toEqual({ outcome: "deleted" });
  expect(onDisk()).toEqual([]);

  const old = { ...makeLead(person), receivedAt: "2020-01-06T09:00:00.000Z" };
  await store.leads.save(old);
  expect(onDisk()).not.toEqual([]);
  expect((await purgeExpired(store, 1095)).deleted).toBe(1);
  expect(onDisk()).toEqual([]);
});
