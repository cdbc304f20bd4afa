/** @jest-environment node */
import { expect, test } from "@jest/globals";
import { postgresMigrations } from "../migrations-postgres";
import { containsPattern, fold, foldExpansions, foldFrom, foldTo } from "../search-fold";

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
