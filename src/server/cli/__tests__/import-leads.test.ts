/** @jest-environment node */
import { afterAll, beforeAll, beforeEach, expect, test } from "@jest/globals";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeLead } from "../../../test-utils/leads";
import { clearTables } from "../../../test-utils/store-contract/engines";
import { readServerConfig } from "../../config";
import type { Lead } from "../../leads/lead-store";
import { openLeadStore } from "../../leads/open-store";
import type { SqlLeadStore } from "../../leads/sql-store";
import { runLeadsCommand } from "../../../test-utils/leads-command";

// `import` as an operator carrying leads from one installation to another runs it: `export
// FICHIER.json` on the first, `import FICHIER.json` on the second, each a SQLite file of its own.

const folder = mkdtempSync(join(tmpdir(), "import-leads-"));
// No channel configured: a lead owed a delivery would fail it, and `retry` would count it.
const config = readServerConfig({ QUOTE_DATABASE_DIR: join(folder, "target") });
let source: SqlLeadStore;
let target: SqlLeadStore;
let printed: string[] = [];

beforeAll(async () => {
  source = await openLeadStore(
    readServerConfig({ QUOTE_DATABASE_DIR: join(folder, "source") }).store,
  );
  target = await openLeadStore(config.store);
});
beforeEach(async () => {
  await clearTables(source);
  await clearTables(target);
  printed = [];
});
afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(folder, { recursive: true, force: true });
});

const run = (store: SqlLeadStore, ...argv: string[]): Promise<number> =>
  runLeadsCommand(config, store, printed, argv);

const sentAt = "2026-03-04T10:20:30.456Z";

/** Leads as an installation holds them: sent or not, quarantined, each status. */
function earlierLeads(): Lead[] {
  const delivered = makeLead({ company: "Office public de l'habitat « Les Cèdres »" });
  delivered.receivedAt = "2025-11-02T08:15:00.123Z";
  delivered.deliveries = {
    email: { state: "sent", attempts: 2, nextAttemptAt: null, lastError: null, sentAt },
    webhook: { state: "sent", attempts: 1, nextAttemptAt: null, lastError: null, sentAt },
  };
  delivered.status = "done";
  const failing = makeLead({
    email: "autre@bailleur.fr",
    message: "<script>alert(1)</script> & co, 20 car.",
  });
  failing.receivedAt = "2026-01-15T17:45:59.000Z";
  failing.deliveries.email = {
    state: "pending",
    attempts: 3,
    nextAttemptAt: "2026-01-15T18:45:59.000Z",
    lastError: "connect ECONNREFUSED",
    sentAt: null,
  };
  failing.status = "in_progress";
  const robot = {
    ...makeLead({}, { key: null }),
    quarantine: { reason: "formulaire rempli en 0,8 s" },
  };
  robot.receivedAt = "2026-02-01T00:00:00.000Z";
  return [delivered, failing, robot];
}

/** What an import must keep of a lead: everything the export carries but the deliveries. */
const kept = (lead: Lead) => ({
  id: lead.id,
  receivedAt: lead.receivedAt,
  request: lead.request,
  quarantine: lead.quarantine,
  status: lead.status,
});

async function exportFrom(leads: readonly Lead[], name = "leads.json"): Promise<string> {
  for (const lead of leads) await source.leads.save(lead);
  const file = join(folder, name);
  expect(await run(source, "export", file)).toBe(0);
  printed = [];
  return file;
}

test("export then import gives the same leads: ids, dates, fields, quarantine, status, in order", async () => {
  const leads = earlierLeads();
  const file = await exportFrom(leads);
  expect(await run(target, "import", file)).toBe(0);
  expect(printed).toEqual([
    `3 demande(s) importée(s) de ${file} ; 0 déjà présente(s), laissée(s) telle(s) quelle(s).`,
    "2 demande(s) importée(s) encore en attente d'envoi dans l'installation d'origine : aucun envoi n'en est fait ici.",
  ]);
  expect((await target.leads.list()).map(kept)).toEqual(leads.map(kept));
  // Found as the source's are: by reference, by email, by the inbox's search and status.
  expect((await target.leads.get(leads[1]!.id))?.request.email).toBe("autre@bailleur.fr");
  expect(await target.leads.findByEmail("AUTRE@bailleur.fr")).toHaveLength(1);
  const page = await target.inbox.page({ search: "cedres", status: "done", limit: 10, offset: 0 });
  expect(page.leads.map((lead) => lead.id)).toEqual([leads[0]!.id]);
  expect(await target.inbox.quarantineCount()).toBe(1);

  // Exported again, the file is the first one, but for the channels that had not been sent.
  const again = join(folder, "again.json");
  expect(await run(target, "export", again)).toBe(0);
  const first = JSON.parse(readFileSync(file, "utf8")) as { deliveries: object }[];
  const withoutPending = first.map((lead) => ({
    ...lead,
    deliveries: Object.fromEntries(
      Object.entries(lead.deliveries).map(([channel, state]) => [
        channel,
        state === "sent" ? "sent" : null,
      ]),
    ),
  }));
  expect(JSON.parse(readFileSync(again, "utf8"))).toEqual(withoutPending);
});

test("a second import stores nothing, and a lead already there is left as it is", async () => {
  const leads = earlierLeads();
  const file = await exportFrom(leads);
  expect(await run(target, "import", file)).toBe(0);
  await target.inbox.setStatus(leads[0]!.id, "new");
  printed = [];
  expect(await run(target, "import", file)).toBe(0);
  expect(printed).toEqual([
    `0 demande(s) importée(s) de ${file} ; 3 déjà présente(s), laissée(s) telle(s) quelle(s).`,
  ]);
  expect(await target.leads.list()).toHaveLength(3);
  expect((await target.leads.get(leads[0]!.id))?.status).toBe("new");

  // A later export holding one more lead brings that one alone.
  const later = makeLead({ lastName: "Durand" });
  const next = await exportFrom([later], "later.json");
  expect(await run(target, "import", next)).toBe(0);
  expect(printed[0]).toBe(
    `1 demande(s) importée(s) de ${next} ; 3 déjà présente(s), laissée(s) telle(s) quelle(s).`,
  );
  expect((await target.leads.list()).map((lead) => lead.id)).toEqual([
    ...leads.map((lead) => lead.id),
    later.id,
  ]);
});

test("imported leads are not delivered again: sent ones stay sent, unsent ones get no delivery", async () => {
  const leads = earlierLeads();
  const file = await exportFrom(leads);
  expect(await run(target, "import", file)).toBe(0);
  const sentHere = {
    state: "sent",
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    sentAt: null,
  };
  expect((await target.leads.get(leads[0]!.id))?.deliveries).toEqual({
    email: sentHere,
    webhook: sentHere,
  });
  expect((await target.leads.get(leads[1]!.id))?.deliveries).toEqual({});
  expect((await target.leads.get(leads[2]!.id))?.deliveries).toEqual({});

  // Nothing for the delivery runner, even asked to ignore every back-off, nor once released.
  expect(await target.deliveries.claimDue(new Date(), 30_000, { ignoreBackOff: true })).toEqual([]);
  printed = [];
  expect(await run(target, "retry")).toBe(0);
  expect(await run(target, "release", leads[2]!.id)).toBe(0);
  expect(printed).toEqual([
    "0 demande(s) traitée(s) : 0 envoi(s) réussi(s), 0 échec(s).",
    `Demande ${leads[2]!.id} sortie de la quarantaine (raison : formulaire rempli en 0,8 s). Envois : 0 réussi(s), 0 échec(s).`,
  ]);
});

test.each([
  ["not JSON", "Référence;Reçue le\n", "ce n'est pas du JSON"],
  ["an object", '{"leads": []}', "il ne contient pas une liste de demandes (un tableau JSON)"],
  ["a lead that is not an object", "[1]", "demande n° 1 : ce n'est pas un objet JSON"],
])("a file that is %s is refused, naming it, and nothing is imported", async (_, text, why) => {
  const file = join(folder, "refused.json");
  writeFileSync(file, text);
  expect(await run(target, "import", file)).toBe(1);
  expect(printed).toHaveLength(1);
  expect(printed[0]).toContain(
    `Import refusé : le fichier ${file} n'est pas un export JSON de « npm run leads -- export » : ${why}`,
  );
  expect(printed[0]).toMatch(/ ; rien n'a été importé\.$/);
  expect(await target.leads.list()).toEqual([]);
});

/** The export's JSON with its second lead changed: the first, valid, must not be stored either. */
async function spoiled(change: (lead: Record<string, unknown>) => void): Promise<string> {
  const file = await exportFrom(earlierLeads());
  const leads = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>[];
  change(leads[1]!);
  writeFileSync(file, JSON.stringify(leads));
  return file;
}

test.each<[string, (lead: Record<string, unknown>) => void, string]>([
  ["a missing field", (lead) => delete lead.email, "champ « email » manquant (attendu : un texte)"],
  [
    "an unknown status",
    (lead) => (lead.status = "fini"),
    'champ « status » invalide, "fini" (attendu : new, in_progress ou done)',
  ],
  [
    "a date that is not one",
    (lead) => (lead.receivedAt = "15/01/2026 18:45"),
    'champ « receivedAt » invalide, "15/01/2026 18:45" (attendu : une date ISO 8601',
  ],
  [
    "a channel's unknown state",
    (lead) => (lead.deliveries = { email: "envoyé", ack: null, webhook: null }),
    'champ « deliveries.email » invalide, "envoyé" (attendu : sent, pending ou null)',
  ],
  [
    "a field the export does not write",
    (lead) => (lead.idempotencyKey = "k"),
    "champ « idempotencyKey » inattendu",
  ],
  [
    "a reference that is not one",
    (lead) => (lead.id = "DEV-42"),
    'demande n° 2 (référence "DEV-42") : champ « id » invalide',
  ],
])(
  "a lead with %s is refused, saying which and why, and nothing is imported",
  async (_, change, why) => {
    const file = await spoiled(change);
    expect(await run(target, "import", file)).toBe(1);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(`le fichier ${file} n'est pas un export JSON`);
    expect(printed[0]).toContain(`: demande n° 2 (référence `);
    expect(printed[0]).toContain(why);
    expect(await target.leads.list()).toEqual([]);
  },
);

test("a reference twice in the file, or a file that cannot be read, is refused", async () => {
  const twice = await spoiled(() => undefined);
  const leads = JSON.parse(readFileSync(twice, "utf8")) as { id: string }[];
  writeFileSync(
    twice,
    JSON.stringify([...leads, { ...leads[0]!, id: leads[0]!.id.toUpperCase() }]),
  );
  const missing = join(folder, "absent.json");
  expect(await run(target, "import", twice)).toBe(1);
  expect(await run(target, "import", missing)).toBe(1);
  expect(await run(target, "import")).toBe(2);
  expect(printed).toEqual([
    `Import refusé : le fichier ${twice} n'est pas un export JSON de « npm run leads -- export » : la référence ${leads[0]!.id} figure deux fois (demandes n° 1 et n° 4) ; rien n'a été importé.`,
    expect.stringMatching(
      new RegExp(
        `^Import refusé : le fichier ${missing} ne peut pas être lu \\(.*ENOENT.*\\) ; rien n'a été importé\\.$`,
      ),
    ),
    "Usage : npm run leads -- import FICHIER.json (un fichier écrit par npm run leads -- export FICHIER.json)",
  ]);
  expect(await target.leads.list()).toEqual([]);
});
