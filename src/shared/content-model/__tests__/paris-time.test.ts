/** @jest-environment node */
// Paris dates and times as marketing writes them: each names one instant, or is refused with the
// reason and the fix, in French, under the file and the field (checkFrontmatter).

import { checkFrontmatter } from "../check";
import { inFrench, readParisTime } from "../paris-time";
import {
  clientFile,
  figures,
  figuresFile,
  legal,
  legalFile,
  realFrontmatter,
  testimonialFile,
} from "../../../test-utils/content-files";

const testimonial = realFrontmatter(testimonialFile);
const client = realFrontmatter(clientFile);
const instantOf = (value: unknown) => {
  const read = readParisTime(value);
  return "instant" in read ? read.instant.toISOString() : read.problem;
};

describe("readParisTime", () => {
  it.each([
    ["winter time, UTC+1", "2026-03-01 00:00", "2026-02-28T23:00:00.000Z"],
    ["summer time, UTC+2", "2026-07-01 00:00", "2026-06-30T22:00:00.000Z"],
    ["a T between day and time", "2026-07-01T09:30", "2026-07-01T07:30:00.000Z"],
    ["the hour after the spring gap", "2026-03-29 03:00", "2026-03-29T01:00:00.000Z"],
    ["the autumn hour's first time", "2026-10-25 02:30 +02:00", "2026-10-25T00:30:00.000Z"],
    ["the autumn hour's second time", "2026-10-25 02:30 +01:00", "2026-10-25T01:30:00.000Z"],
    ["a written offset that is Paris's", "2026-12-24 18:00+01:00", "2026-12-24T17:00:00.000Z"],
  ])("reads %s", (_, written, instant) => {
    expect(instantOf(written)).toBe(instant);
  });

  it("refuses a time of the spring gap, naming the next hour that exists", () => {
    expect(instantOf("2026-03-29 02:30")).toBe(
      "« 2026-03-29 02:30 » n'existe pas à Paris : ce jour-là, les horloges passent de 02:00 à 03:00 (heure d'été). Écrire « 2026-03-29 03:00 » ou une autre heure",
    );
  });

  it("refuses the autumn hour without its offset, and gives both", () => {
    expect(instantOf("2026-10-25 02:00")).toBe(
      "« 2026-10-25 02:00 » a lieu deux fois à Paris : ce jour-là, les horloges reviennent de 03:00 à 02:00 (heure d'hiver). Écrire « 2026-10-25 02:00 +02:00 » pour la première fois (heure d'été), « 2026-10-25 02:00 +01:00 » pour la seconde (heure d'hiver), ou une autre heure",
    );
  });

  it("refuses an offset that is not Paris's at that date", () => {
    expect(instantOf("2026-07-01 00:00 +01:00")).toMatch(
      /^à Paris, « 2026-07-01 00:00 » ne se lit pas avec le décalage \+01:00/,
    );
  });

  it.each([
    ["1970", "1970-01-01 00:00", "l'année 1970 est hors des années acceptées (2000 à 2099)"],
    ["2999", "2999-12-31 23:59", "l'année 2999 est hors des années acceptées (2000 à 2099)"],
    ["a day that is not in the calendar", "2026-02-30 10:00", "n'est pas une date du calendrier"],
    ["an hour past 23", "2026-02-03 24:00", "n'est pas une date du calendrier"],
    ["words", "lundi prochain", "trouvé le texte « lundi prochain »"],
    ["a day without its time", "2026-03-01", "trouvé le texte « 2026-03-01 »"],
    // What YAML makes of `2026-03-01 00:00:00` written without quotes.
    [
      "seconds, read by YAML",
      new Date("2026-03-01T00:00:00Z"),
      "l'heure comprise et sans secondes",
    ],
    ["a number", 20260301, "une valeur qui n'est pas un texte"],
  ])("refuses %s", (_, written, problem) => {
    expect(instantOf(written)).toContain(problem);
  });

  it("writes an instant in French, Paris time", () => {
    expect(inFrench(new Date("2026-02-28T23:00:00Z"))).toBe("1 mars 2026 à 00:00");
  });
});

describe("checkFrontmatter of the dates", () => {
  it("names the file and the field of a time that does not exist", () => {
    expect(
      checkFrontmatter("legal", { ...legal, applicableFrom: "2026-03-29 02:15" }, legalFile),
    ).toEqual([
      `${legalFile} : champ « applicableFrom » : « 2026-03-29 02:15 » n'existe pas à Paris : ce jour-là, les horloges passent de 02:00 à 03:00 (heure d'été). Écrire « 2026-03-29 03:00 » ou une autre heure`,
    ]);
  });

  it("accepts a testimonial, a reference and figures with both dates, or none", () => {
    const window = { publishFrom: "2026-12-01 09:00", retireAt: "2027-06-30 23:59" };
    expect(checkFrontmatter("testimonials", { ...testimonial, ...window }, "t.md")).toEqual([]);
    expect(checkFrontmatter("clients", { ...client, ...window }, "c.md")).toEqual([]);
    expect(checkFrontmatter("figures", { ...figures, ...window }, figuresFile)).toEqual([]);
    expect(
      checkFrontmatter("clients", { ...client, retireAt: "2027-01-01 00:00" }, "c.md"),
    ).toEqual([]);
  });

  it.each([
    ["testimonials", testimonial],
    ["clients", client],
    ["figures", figures],
  ] as const)("refuses %s withdrawn before or when published", (kind, fields) => {
    const file = `content/${kind}/x.md`;
    const window = { publishFrom: "2027-01-01 00:00", retireAt: "2026-12-31 23:00" };
    expect(checkFrontmatter(kind, { ...fields, ...window }, file)).toEqual([
      `${file} : champ « retireAt » : « 2026-12-31 23:00 » n'est pas après « publishFrom » (« 2027-01-01 00:00 ») : retirer après avoir publié, ou laisser « retireAt » vide`,
    ]);
    const same = { publishFrom: "2027-01-01 00:00", retireAt: "2027-01-01 00:00" };
    expect(checkFrontmatter(kind, { ...fields, ...same }, file)).toHaveLength(1);
  });

  it("names a malformed date of a reference", () => {
    expect(checkFrontmatter("clients", { ...client, publishFrom: "01/12/2026" }, "c.md")).toEqual([
      "c.md : champ « publishFrom » : attendu une date et une heure de Paris au format AAAA-MM-JJ HH:MM (par exemple 2026-03-01 00:00), l'heure comprise et sans secondes, trouvé le texte « 01/12/2026 »",
    ]);
  });
});
