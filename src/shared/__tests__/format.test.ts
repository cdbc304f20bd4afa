import fc from "fast-check";
import {
  formatDays,
  formatEuro,
  formatLongDate,
  formatNumber,
  formatPercent,
  formatRatio,
  telHref,
} from "../format";

// French typography uses two different no-break spaces; a plain space would let "65" and "%"
// fall on two lines. Code points are compared, since both print alike.
const narrowNoBreakSpace = "\u202f";
const noBreakSpace = "\u00a0";

const codePoints = (text: string) =>
  [...text].map(
    (char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`,
  );

describe("formatPercent", () => {
  it("writes 65 as « 65 % » with a narrow no-break space before the sign", () => {
    expect(codePoints(formatPercent(65))).toEqual(["U+0036", "U+0035", "U+202F", "U+0025"]);
  });

  // The separator's code point is checked above; these rows check digits, comma and rounding,
  // and that the space before the sign can never break.
  it.each([
    [0, "0 %"],
    [100, "100 %"],
    [12.5, "12,5 %"],
    [12.46, "12,5 %"],
  ])("writes %p as %p", (value, expected) => {
    const text = formatPercent(value);
    expect(text).not.toContain(" ");
    expect(text.replace(/[\u00a0\u202f]/gu, " ")).toBe(expected);
  });
});

describe("formatEuro", () => {
  it("writes 24000 as « 24 000 € »: narrow no-break thousands separator, no-break space before €", () => {
    expect(codePoints(formatEuro(24000))).toEqual([
      "U+0032",
      "U+0034",
      "U+202F",
      "U+0030",
      "U+0030",
      "U+0030",
      "U+00A0",
      "U+20AC",
    ]);
  });

  it.each([
    [2000, `2${narrowNoBreakSpace}000${noBreakSpace}€`],
    [950, `950${noBreakSpace}€`],
    [1234567, `1${narrowNoBreakSpace}234${narrowNoBreakSpace}567${noBreakSpace}€`],
    // Whole euros only: the figures are averages, cents would be noise.
    [2000.4, `2${narrowNoBreakSpace}000${noBreakSpace}€`],
  ])("writes %p as %p", (value, expected) => {
    expect(formatEuro(value)).toBe(expected);
  });
});

describe("formatNumber", () => {
  it.each([
    [3500, `3${narrowNoBreakSpace}500`],
    [999, "999"],
    [1000000, `1${narrowNoBreakSpace}000${narrowNoBreakSpace}000`],
    [15.5, "15,5"],
    [15.25, "15,3"],
  ])("writes %p as %p", (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});

describe("formatRatio", () => {
  it('computes "12:1" from 24 000 recovered for 2 000 spent', () => {
    expect(formatRatio(24000, 2000)).toBe("12:1");
  });

  it.each([
    [25000, 2000, "12,5:1"],
    [30000, 2000, "15:1"],
    [10000, 3000, "3,3:1"],
    [1000, 2000, "0,5:1"],
  ])("follows the amounts: %p / %p gives %p", (recovered, cost, expected) => {
    expect(formatRatio(recovered, cost)).toBe(expected);
  });
});

describe("formatDays", () => {
  it.each([
    [15, `15${noBreakSpace}jours`],
    [7, `7${noBreakSpace}jours`],
    [1, `1${noBreakSpace}jour`],
    // French keeps the singular below two.
    [1.5, `1,5${noBreakSpace}jour`],
    [2, `2${noBreakSpace}jours`],
  ])("writes %p as %p", (value, expected) => {
    expect(formatDays(value)).toBe(expected);
  });
});

describe("formatLongDate", () => {
  it.each([
    ["2025-01-20", "20 janvier 2025"],
    ["2024-12-31", "31 décembre 2024"],
    ["2025-08-15", "15 août 2025"],
    ["2025-03-01", "1er mars 2025"],
  ])("writes %p as %p", (isoDate, expected) => {
    expect(formatLongDate(isoDate)).toBe(expected);
  });
});

describe("telHref", () => {
  it.each([
    ["01 99 00 12 34", "tel:+33199001234"],
    ["0199001234", "tel:+33199001234"],
    ["01.99.00.12.34", "tel:+33199001234"],
    ["01-99-00-12-34", "tel:+33199001234"],
    ["+33 1 99 00 12 34", "tel:+33199001234"],
    ["+33199001234", "tel:+33199001234"],
    ["0033 1 99 00 12 34", "tel:+33199001234"],
    ["+262 692 12 34 56", "tel:+262692123456"],
  ])("dials %p with %p", (phone, expected) => {
    expect(telHref(phone)).toBe(expected);
  });
});

describe("formatNumber", () => {
  const intl = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
  const withNarrowSpaces = (text: string) => text.replace(/\s/gu, narrowNoBreakSpace);

  it.each([0, 7, 999, 1000, 3500, 24000, 1234567, 0.05, 0.95, 1.25, 2.45, 12.46, 99.96, -1234.5])(
    "writes %p as Intl.NumberFormat('fr-FR') does",
    (value) => {
      expect(formatNumber(value)).toBe(withNarrowSpaces(intl.format(value)));
    },
  );

  it("agrees with Intl.NumberFormat('fr-FR') on any figure content may hold", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 100_000_000 }),
          fc.double({ min: 0, max: 1_000_000, noNaN: true }),
          fc.integer({ min: 0, max: 1_000_000 }).map((tenths) => tenths / 10),
          fc.integer({ min: 0, max: 1_000_000 }).map((hundredths) => hundredths / 100),
        ),
        (value) => formatNumber(value) === withNarrowSpaces(intl.format(value)),
      ),
      { numRuns: 5000 },
    );
  });
});
