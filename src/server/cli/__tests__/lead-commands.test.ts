/** @jest-environment node */
import { afterAll, beforeAll, beforeEach, expect, test } from "@jest/globals";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { makeLead, waitFor } from "../../../test-utils/leads";
import { captureLog } from "../../../test-utils/log-capture";
import { clearTables } from "../../../test-utils/store-contract/engines";
import { readServerConfig } from "../../config";
import { addNote } from "../../leads/actions";
import { erasureDigest } from "../../leads/actions/erasure";
import { parisTime } from "../../leads/lead-fields";
import { purgeExpired, startDailyPurge } from "../../leads/retention";
import { openLeadStore } from "../../leads/open-store";
import type { SqlLeadStore } from "../../leads/sql-store";
import { runLeadsCommand } from "../../../test-utils/leads-command";
import { terminalActor } from "../command-context";

// The commands that act on leads, run in this process on the embedded engine: what they print
// (the same as before they went through src/server/leads/actions/), and the audit line each
// leaves in the terminal user's name.

const folder = mkdtempSync(join(tmpdir(), "lead-commands-"));
const config = readServerConfig({
  QUOTE_DATABASE_DIR: join(folder, "leads"),
  // An erasure is also written there (src/server/leads/erasure-file.ts): in this test's folder.
  BACKUP_DIR: join(folder, "backups"),
});
let store: SqlLeadStore;
let printed: string[] = [];

beforeAll(async () => {
  store = await openLeadStore(config.store);
});
beforeEach(async () => {
  await clearTables(store);
  printed = [];
});
afterAll(async () => {
  await store?.close();
  rmSync(folder, { recursive: true, force: true });
});

const run = (...argv: string[]): Promise<number> => runLeadsCommand(config, store, printed, argv);

const lastAudit = async () => (await store.audit.page({ limit: 1, offset: 0 })).entries[0];

test("the terminal's user is the actor, without a request id", () => {
  expect(terminalActor()).toEqual({ name: `terminal (${userInfo().username})`, requestId: null });
});

test("status: French usage, an unknown word refused, a change printed and recorded", async () => {
  const lead = makeLead();
  await store.leads.save(lead);
  expect(await run("status")).toBe(2);
  expect(await run("status", lead.id, "fini")).toBe(2);
  expect(await run("status", "inconnue", "traitee")).toBe(1);
  expect(await run("status", lead.id, "en-cours")).toBe(0);
  expect(await run("status", lead.id, "en-cours")).toBe(0);
  expect(printed).toEqual([
    "Usage : npm run leads -- status ID nouvelle|en-cours|traitee",
    "Statut inconnu : fini. Usage : npm run leads -- status ID nouvelle|en-cours|traitee",
    "Aucune demande inconnue.",
    `Demande ${lead.id} : « nouvelle » devient « en cours ».`,
    `La demande ${lead.id} est déjà « en cours ».`,
  ]);
  expect(await lastAudit()).toMatchObject({
    actor: terminalActor().name,
    action: "status",
    leadId: lead.id,
    requestId: null,
  });
  expect((await store.audit.page({ limit: 10, offset: 0 })).total).toBe(1);
});

test("spam --confirm deletes a quarantined request and refuses any other", async () => {
  const robot = { ...makeLead(), quarantine: { reason: "trop rapide" } };
  const person = makeLead();
  for (const lead of [robot, person]) await store.leads.save(lead);
  expect(await run("spam", "--confirm")).toBe(2);
  expect(await run("spam", "--confirm", person.id)).toBe(1);
  expect(await run("spam", "--confirm", robot.id)).toBe(0);
  expect(printed).toEqual([
    "Usage : npm run leads -- spam --confirm ID (l'identifiant affiché par « spam »)",
    `La demande ${person.id} n'est pas en quarantaine : elle n'est pas supprimée.`,
    `Demande ${robot.id} supprimée comme spam.`,
  ]);
  expect(await store.leads.get(person.id)).toBeDefined();
  expect(await store.leads.get(robot.id)).toBeUndefined();
});

test("release and retry print what they printed before", async () => {
  // No channel configured here: the lead is owed none, so nothing is sent.
  const robot = { ...makeLead({}, { channels: [] }), quarantine: { reason: "trop rapide" } };
  await store.leads.save(robot);
  expect(await run("release", robot.id)).toBe(0);
  expect(await run("release", robot.id)).toBe(0);
  expect(await run("release", "inconnue")).toBe(1);
  expect(await run("retry")).toBe(0);
  expect(printed).toEqual([
    `Demande ${robot.id} sortie de la quarantaine (raison : trop rapide). Envois : 0 réussi(s), 0 échec(s).`,
    `La demande ${robot.id} n'est pas en quarantaine.`,
    "Aucune demande inconnue.",
    "0 demande(s) traitée(s) : 0 envoi(s) réussi(s), 0 échec(s).",
  ]);
  expect(await lastAudit()).toMatchObject({ action: "retry", leadId: null });
});

test("export writes CSV, or JSON for a .json file, and says how many", async () => {
  await store.leads.save(makeLead({ company: "=1+1" }));
  const csv = join(folder, "demandes.csv");
  const json = join(folder, "demandes.json");
  expect(await run("export", csv)).toBe(0);
  expect(await run("export", "--email", "personne@exemple.fr", json)).toBe(0);
  expect(printed).toEqual([
    `1 demande(s) écrite(s) dans ${csv}`,
    `0 demande(s) écrite(s) dans ${json}`,
  ]);
  expect(readFileSync(csv, "utf8")).toContain(`"'=1+1"`);
  expect(JSON.parse(readFileSync(json, "utf8"))).toEqual([]);
});

test("erase prints each request it deleted; the audit line keeps counts and a digest only", async () => {
  const lead = makeLead({ email: "claire@exemple.fr" });
  await store.leads.save(lead);
  expect(await run("erase", "claire@exemple.fr")).toBe(0);
  expect(printed[0]).toMatch(new RegExp(`^supprimée : ${lead.id}  .* <claire@exemple.fr>$`));
  expect(printed[1]).toBe(
    "1 demande(s), 0 défi(s) anti-robot et 0 compteur(s) supprimé(s) pour claire@exemple.fr.",
  );
  expect(await lastAudit()).toMatchObject({
    action: "erase",
    leadId: null,
    detail: `1 demande(s), 0 défi(s), 0 compteur(s) ; empreintes des références : ${erasureDigest(lead.id)}`,
  });
});

test("purge counts from the last contact and says so, with the retention in days, printed, journaled and logged", async () => {
  const dayMs = 86_400_000;
  const arrivedDaysAgo = (days: number) => ({
    ...makeLead(),
    receivedAt: new Date(Date.now() - days * dayMs).toISOString(),
  });
  const [forgotten, contacted, recent] = [arrivedDaysAgo(1200), arrivedDaysAgo(1200), makeLead()];
  for (const lead of [forgotten, contacted, recent]) await store.leads.save(lead);
  await addNote(
    store,
    terminalActor(),
    contacted.id,
    "Rappelée.",
    new Date(Date.now() - 10 * dayMs),
  );
  expect(await run("purge")).toBe(0);
  const said =
    "1 demande(s) sans contact avec la personne depuis plus de 1095 jours (QUOTE_RETENTION_DAYS), " +
    `dernier contact avant le ${parisTime(new Date(Date.now() - 1095 * dayMs).toISOString()).slice(0, 20)}`;
  expect(printed).toEqual([expect.stringContaining(said)]);
  expect(printed[0]).toMatch(
    /supprimée\(s\) ; le dernier contact est l'arrivée de la demande, ou sa dernière note, réponse ou changement de statut\.$/,
  );
  expect((await store.leads.list()).map((lead) => lead.id).sort()).toEqual(
    [contacted.id, recent.id].sort(),
  );
  expect(await lastAudit()).toMatchObject({
    actor: terminalActor().name,
    action: "purge",
    detail: printed[0]!.slice(0, -1),
  });

  // The server's own purge, a clock three years and a half on: the recent lead goes too.
  const later = new Date(Date.now() + 1300 * dayMs);
  expect(await purgeExpired(store, 1095, later)).toMatchObject({ deleted: 2, days: 1095 });
  expect(await lastAudit()).toMatchObject({
    actor: "serveur (purge quotidienne)",
    action: "purge",
    detail: expect.stringMatching(/^2 demande\(s\) sans contact .* depuis plus de 1095 jours/),
  });
  // Nothing left to delete: the daily purge adds no line; its log says what a purge deleted.
  const entries = (await store.audit.page({ limit: 10, offset: 0 })).total;
  const old = arrivedDaysAgo(1200);
  await store.leads.save(old);
  const logged = captureLog();
  const daily = startDailyPurge(store, 1095, logged.log);
  await waitFor(() => logged.lines.length > 0, 5000, "the purge's log line");
  daily.stop();
  expect(logged.lines[0]).toMatchObject({
    deleted: 1,
    retentionDays: 1095,
    msg: expect.stringMatching(
      /^purge: 1 lead\(s\) with no contact for over 1095 days \(last contact before \d{4}-.+Z\) deleted$/,
    ),
  });
  expect((await store.audit.page({ limit: 10, offset: 0 })).total).toBe(entries + 1);
  expect(await purgeExpired(store, 1095)).toMatchObject({ deleted: 0 });
  expect((await store.audit.page({ limit: 10, offset: 0 })).total).toBe(entries + 1);
});
