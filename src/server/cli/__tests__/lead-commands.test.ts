/** @jest-environment node */
import { afterAll, beforeAll, beforeEach, expect, test } from "@jest/globals";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { makeLead } from "../../../test-utils/leads";
import { clearTables } from "../../../test-utils/store-contract/engines";
import { readServerConfig } from "../../config";
import { erasureDigest } from "../../leads/actions/erasure";
import { openLeadStore } from "../../leads/open-store";
import type { SqlLeadStore } from "../../leads/sql-store";
import { runLeadsCommand } from "../../../test-utils/leads-command";
import { terminalActor } from "../command";

// The commands that act on leads, run in this process on the embedded engine: what they print
// (the same as before they went through src/server/leads/actions/), and the audit line each
// leaves in the terminal user's name.

const folder = mkdtempSync(join(tmpdir(), "lead-commands-"));
const config = readServerConfig({ QUOTE_DATABASE_DIR: join(folder, "leads") });
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
