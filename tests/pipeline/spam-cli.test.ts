import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Lead, LeadStore } from "../../src/server/leads/lead-store";
import { embeddedStore, postgresStore } from "./support/stores";
import { leads } from "./support/cli";
import { makeLead } from "./support/leads";
import { TestPostgres } from "./support/postgres";

// `npm run leads -- spam | release | purge | erase | export --email`, run as a separate process
// like an operator's terminal, on the embedded engine and on PostgreSQL.

const postgres = new TestPostgres(9703);
const folder = mkdtempSync(join(tmpdir(), "spam-cli-"));
const day = 86_400_000;

type Setup = { env: Record<string, string>; store: () => Promise<LeadStore> };
const setups: [string, () => Setup][] = [
  [
    "embedded",
    () => {
      const data = join(folder, "leads");
      // BACKUP_DIR beside it: an erasure is also written there (src/server/leads/erasure-file.ts).
      const env = { QUOTE_DATABASE_DIR: data, BACKUP_DIR: join(folder, "backups") };
      return { env, store: () => embeddedStore(data) };
    },
  ],
  [
    "PostgreSQL",
    () => ({
      env: { DATABASE_URL: postgres.url },
      store: async () => {
        const store = postgresStore(postgres.url);
        await store.migrate();
        return store;
      },
    }),
  ],
];

beforeAll(() => {
  postgres.start();
  postgres.createDatabase();
});
afterAll(() => {
  postgres.destroy();
  rmSync(folder, { recursive: true, force: true });
});

/** Reads CSV as a spreadsheet does: the BOM dropped, `;` between cells, quotes around them. */
function spreadsheetRows(csv: string): string[][] {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const text = csv.slice(1);
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ";") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += char;
  }
  return rows;
}

describe.each(setups)("npm run leads on the %s store", (_name, setup) => {
  const { env, store: openStore } = setup();
  let store: LeadStore;
  const robot: Lead = {
    ...makeLead({ email: "robot@spam.example" }),
    quarantine: { reason: "champ piège « Site web » rempli (promo)" },
  };
  const claire = [
    makeLead({ email: "claire.martin@oph-exemple.fr", company: '=HYPERLINK("http://x";"clic")' }),
    makeLead({ email: "Claire.Martin@oph-exemple.fr" }),
  ];
  const paul = makeLead({ email: "paul.durand@oph-exemple.fr" });
  const old = {
    ...makeLead({ email: "ancien@oph-exemple.fr" }),
    receivedAt: new Date(Date.now() - 1096 * day).toISOString(),
  };

  beforeAll(async () => {
    store = await openStore();
    for (const lead of [robot, ...claire, paul, old]) await store.leads.save(lead);
  });
  afterAll(() => store.close());

  test("spam lists the quarantine with its reasons; release delivers a false positive", async () => {
    const listed = await leads(["spam"], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(robot.id);
    expect(listed.stdout).toContain("raison : champ piège « Site web » rempli (promo)");
    expect(listed.stdout).toContain("1 demande(s) en quarantaine.");
    expect(listed.stdout).not.toContain(paul.id);

    const released = await leads(["release", robot.id], env);
    expect(released.code).toBe(0);
    expect(released.stdout).toContain(`Demande ${robot.id} sortie de la quarantaine`);
    expect((await store.leads.get(robot.id))?.quarantine).toBeNull();
    expect((await leads(["spam"], env)).stdout).toContain("Aucune demande en quarantaine.");
  });

  test("purge deletes what is older than QUOTE_RETENTION_DAYS, nothing else", async () => {
    const purged = await leads(["purge"], env);
    expect(purged.code).toBe(0);
    expect(purged.stdout).toMatch(
      /^1 demande\(s\) sans contact avec la personne depuis plus de 1095 jours \(QUOTE_RETENTION_DAYS\), dernier contact avant le .*, supprimée\(s\)/,
    );
    const ids = (await store.leads.list()).map((lead) => lead.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toEqual(expect.arrayContaining([robot.id, paul.id, ...claire.map((l) => l.id)]));
    // A longer retention, set by the operator, keeps what is left.
    const none = await leads(["purge"], { ...env, QUOTE_RETENTION_DAYS: "2000" });
    expect(none.stdout).toMatch(/^0 demande/);
  });

  test("export --email gives one person's data, as a spreadsheet reads it, formulas neutralised", async () => {
    const exported = await leads(["export", "--email", "claire.martin@oph-exemple.fr", "-"], env);
    expect(exported.code).toBe(0);
    const rows = spreadsheetRows(exported.stdout);
    expect(rows).toHaveLength(3);
    expect(rows[1]?.[0]).toBe(claire[0]?.id);
    expect(rows[2]?.[0]).toBe(claire[1]?.id);
    // Shown as text, never run: the apostrophe is how Excel marks a cell as text.
    expect(rows[1]).toContain(`'=HYPERLINK("http://x";"clic")`);
    expect(exported.stdout).not.toContain(paul.request.email);
  });

  test("erase deletes every request of one person and says what it removed", async () => {
    const erased = await leads(["erase", "CLAIRE.MARTIN@oph-exemple.fr"], env);
    expect(erased.code).toBe(0);
    for (const lead of claire) expect(erased.stdout).toContain(`supprimée : ${lead.id}`);
    expect(erased.stdout).toMatch(
      /2 demande\(s\), \d+ défi\(s\) anti-robot et \d+ compteur\(s\) supprimé\(s\)/,
    );
    const left = await store.leads.list();
    expect(left.map((lead) => lead.request.email.toLowerCase())).not.toContain(
      "claire.martin@oph-exemple.fr",
    );
    expect(left.map((lead) => lead.id)).toEqual(expect.arrayContaining([robot.id, paul.id]));
  });
});
