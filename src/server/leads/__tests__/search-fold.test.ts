/** @jest-environment node */
import { expect, test } from "@jest/globals";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeLead } from "../../../test-utils/leads";
import { postgresMigrations } from "../migrations-postgres";
import { sqliteMigrations } from "../migrations-sqlite";
import {
  containsPattern,
  fold,
  foldExpansions,
  foldFrom,
  foldTo,
  searchText,
} from "../search-fold";
import { SqliteDatabase } from "../sqlite-database";
import { SqlLeadStore } from "../sql-store";

// The search's folding is written twice, as PostgreSQL's lead_fold (migration 4) and as the
// JavaScript SQLite calls: the two tables are held equal here, the answers in the store
// contract (src/test-utils/store-contract/inbox.ts) on both engines.

/** The text of the SQL string literals (U& or plain) in `sql`, concatenated. */
function literals(sql: string): string {
  return [...sql.matchAll(/(U&)?'((?:[^']|'')*)'/g)]
    .map(([, unicode, text]) => {
      const plain = text!.replaceAll("''", "'");
      return unicode
        ? plain.replace(/\\([0-9A-F]{4})/g, (_, hex: string) =>
            String.fromCharCode(parseInt(hex, 16)),
          )
        : plain;
    })
    .join("");
}

test("PostgreSQL's lead_fold translates and expands with the same tables as search-fold.ts", () => {
  const sql = postgresMigrations.find((migration) => migration.version === 4)!.sql;
  const body = /\$fold\$([\s\S]*)\$fold\$/.exec(sql)![1]!;
  const [from, to] =
    /translate\(value,([\s\S]*?),\s*('(?:[^']|'')*'(?:\s*\|\|\s*'(?:[^']|'')*')*)\)/
      .exec(body)!
      .slice(1)
      .map(literals);
  expect(from).toBe(foldFrom);
  expect(to).toBe(foldTo);
  const expansions = [...body.matchAll(/'(\S+)', '(\S+)'\)/g)].map(([, a, b]) => [a, b]);
  expect(expansions).toEqual(foldExpansions);
});

test.each([
  ["Élodie LEFÈVRE", "elodie lefevre"],
  ["E\u0301lodie", "elodie"],
  ["Œuvre, cœur, Æsop, Straße", "oeuvre, coeur, aesop, strasse"],
  ["N’Diaye", "n'diaye"],
  ["100\u00a0%\u202f!", "100 % !"],
  ["Ελλάδα ΣΟΦΙΑ", "Ελλάδα ΣΟΦΙΑ"],
])("fold(%j) is %j", (text, folded) => {
  expect(fold(text)).toBe(folded);
});

test("a search becomes a LIKE pattern with its wildcards and escapes taken as typed", () => {
  expect(containsPattern("100 % de_ C:\\")).toBe("%100 \\% de\\_ c:\\\\%");
  expect(containsPattern("E\u0301LODIE")).toBe("%elodie%");
});

test("leads stored before the search text existed are folded by the migration as save folds them", async () => {
  const folder = mkdtempSync(join(tmpdir(), "search-fold-"));
  const database = new SqliteDatabase(join(folder, "leads.sqlite"));
  try {
    const lead = makeLead({
      firstName: "E\u0301lodie",
      lastName: "N’Diaye",
      company: "Œuvre Straße",
      message: "Parc de 1\u00a0200 logements à Nîmes, « relances » souhaitées.",
    });
    // The file as version 1 left it, with one lead.
    await database.transaction(async (client) => {
      await client.script(sqliteMigrations[0]!.sql);
      await client.script(`CREATE TABLE lead_schema_migrations (
        version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL)`);
      await client.query(
        "INSERT INTO lead_schema_migrations (version, description, applied_at) VALUES (1, '', '')",
      );
      await client.query(
        `INSERT INTO leads (id, idempotency_key, fingerprint, received_at, request)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          lead.id,
          lead.idempotencyKey,
          lead.fingerprint,
          lead.receivedAt,
          JSON.stringify(lead.request),
        ],
      );
    });
    const store = new SqlLeadStore(database);
    expect(await store.migrate()).toEqual(
      sqliteMigrations.map((migration) => migration.version).filter((version) => version > 1),
    );
    const { rows } = await database.query<{ search_text: string }>("SELECT search_text FROM leads");
    expect(rows).toEqual([{ search_text: searchText(lead.request) }]);
    expect((await store.inbox.page({ search: "elodie n'diaye", limit: 5, offset: 0 })).total).toBe(
      1,
    );
    expect((await store.leads.get(lead.id))?.status).toBe("new");
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
