/**
 * @jest-environment node
 */
import { csvCell, csvDocument } from "../csv";

// What French Excel needs to open the export as is, and what keeps a visitor's text from
// running as a formula there (OWASP, "CSV Injection").

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("http://evil";"clic")', '"\'=HYPERLINK(""http://evil"";""clic"")"'],
    ["+33 1 23 45 67 89", '"\'+33 1 23 45 67 89"'],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1)", '"\'@SUM(A1)"'],
    ["\tcmd", '"\'\tcmd"'],
    ["\rcmd", '"\'\rcmd"'],
    ["Habitat; Océan", '"Habitat; Océan"'],
    ["ligne 1\nligne 2", '"ligne 1\nligne 2"'],
    ["a=b", '"a=b"'],
    // After blanks or quotes that an import may trim first, and on a line of its own.
    ["  =1+1", '"\'  =1+1"'],
    ['"=1+1', '"\'""=1+1"'],
    [" \t+1", '"\' \t+1"'],
    ["\n=1+1", '"\'\n=1+1"'],
    ["\u00a0@SUM(A1)", '"\'\u00a0@SUM(A1)"'],
    ["\uff1d1+1", '"\'\uff1d1+1"'],
    ["Jean-Pierre", '"Jean-Pierre"'],
    ["  texte", '"  texte"'],
  ])("%j is written %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

test("a document starts with the UTF-8 byte-order mark, separates by ; and ends lines with CRLF", () => {
  const csv = csvDocument(["Prénom", "Nom"], [["Éloïse", "Lefèvre"]]);
  expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(csv).toBe('\uFEFF"Prénom";"Nom"\r\n"Éloïse";"Lefèvre"\r\n');
});
