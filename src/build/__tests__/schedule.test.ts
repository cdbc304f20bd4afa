/** @jest-environment node */
// The build's instant (SITE_BUILD_AS_OF) and the content files it leaves out of Gatsby's sources,
// read from a content folder on disk as gatsby-config.ts reads it.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildAsOf, ignoredContent, siteAsOf } from "../schedule";
import { checkScheduled } from "../schedule-checks";

let site: string;
const write = (file: string, frontmatter: string) => {
  mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  writeFileSync(path.join(site, file), `---\n${frontmatter}\n---\n\nTexte.\n`);
};

beforeEach(() => {
  site = mkdtempSync(path.join(tmpdir(), "schedule-"));
  write("content/testimonials/01-now.md", "order: 1\nrole: Directrice");
  write("content/testimonials/02-later.md", 'order: 2\nrole: DG\npublishFrom: "2027-01-01 00:00"');
  write("content/clients/01-gone.md", 'order: 1\nname: A\nretireAt: "2026-06-01 00:00"');
  write("content/legal/cgv.md", "path: /cgv\norder: 1");
  write("content/legal/cgv-2027.md", 'path: /cgv\norder: 1\napplicableFrom: "2027-01-01 00:00"');
  write("content/legal/broken.md", "path: [/x\n");
});
afterEach(() => rmSync(site, { recursive: true, force: true }));

describe("buildAsOf", () => {
  it("reads an ISO instant with its zone, and is now without one", () => {
    expect(buildAsOf("2027-01-01T00:00:00+01:00").toISOString()).toBe("2026-12-31T23:00:00.000Z");
    expect(buildAsOf("2026-12-31T23:00Z").toISOString()).toBe("2026-12-31T23:00:00.000Z");
    const before = Date.now();
    expect(buildAsOf(undefined).getTime()).toBeGreaterThanOrEqual(before);
    expect(buildAsOf("").getTime()).toBeGreaterThanOrEqual(before);
  });

  it.each(["demain", "2027-01-01", "2027-01-01T00:00:00", "2027-13-01T00:00:00Z"])(
    "refuses %s in French, naming the variable",
    (value) => {
      expect(() => buildAsOf(value)).toThrow(
        `SITE_BUILD_AS_OF : attendu un instant ISO 8601 avec son fuseau (par exemple 2026-03-01T00:00:00+01:00 ou 2026-02-28T23:00:00Z), trouvé « ${value} »`,
      );
    },
  );
});

describe("ignoredContent", () => {
  const ignored = (iso: string) =>
    ignoredContent(site, new Date(iso)).map((file) => path.relative(site, file));

  it("leaves out what is not in force yet and what is withdrawn; keeps a former legal version", () => {
    expect(ignored("2026-12-31T22:59:00Z")).toEqual([
      "content/testimonials/02-later.md",
      "content/clients/01-gone.md",
      "content/legal/cgv-2027.md",
    ]);
    expect(ignored("2026-12-31T23:00:00Z")).toEqual(["content/clients/01-gone.md"]);
  });
});

describe("checkScheduled", () => {
  it("refuses two versions of a legal page applicable from the same instant", () => {
    write("content/legal/cgv-bis.md", 'path: /cgv\norder: 1\napplicableFrom: "2027-01-01 00:00"');
    const { problems } = checkScheduled(site);
    expect(problems).toEqual([
      "content/legal/cgv-bis.md : champ « applicableFrom » : content/legal/cgv-2027.md est déjà une version de la page « /cgv » applicable à partir du 1 janvier 2027 à 00:00 : donner à la nouvelle version une date « applicableFrom » plus tardive",
    ]);
  });

  it("gives the build's instant and the files it leaves out", () => {
    process.env.SITE_BUILD_AS_OF = "2027-01-01T00:00:00+01:00";
    try {
      const { asOf, unsourced, problems } = checkScheduled(site);
      expect(asOf.toISOString()).toBe("2026-12-31T23:00:00.000Z");
      expect(unsourced.map((entry) => entry.file)).toEqual(["content/clients/01-gone.md"]);
      expect(problems).toEqual([]);
    } finally {
      delete process.env.SITE_BUILD_AS_OF;
    }
  });
});

describe("siteAsOf: a draft's preview at the instant its draft schedules", () => {
  const at = "2026-11-28T12:00:00Z";
  // What the published branch schedules, as the server's schedule keeps it (schedule.json).
  const published = JSON.stringify([
    { at: "2026-12-31T23:00:00.000Z", changes: ["content/legal/cgv-2027.md : version applicable"] },
    {
      at: "2026-12-31T23:00:00.000Z",
      changes: ["content/testimonials/02-later.md : mis en ligne"],
    },
  ]);
  const preview = (changes = published) => ({
    SITE_BUILD_AS_OF: at,
    SITE_PREVIEW_BRANCH: "cms/legal/cgv",
    SITE_PREVIEW_PUBLISHED_CHANGES: changes,
  });

  test("the published site and a draft that schedules nothing are built as of now", () => {
    expect(siteAsOf(site, { SITE_BUILD_AS_OF: at })).toEqual({
      asOf: new Date(at),
      previewAt: null,
    });
    expect(siteAsOf(site, preview())).toEqual({ asOf: new Date(at), previewAt: null });
  });

  test("a version the draft makes applicable is previewed at its instant, Paris time", () => {
    write(
      "content/legal/confidentialite-2026-12.md",
      'path: /confidentialite\norder: 2\napplicableFrom: "2026-12-15 09:30"',
    );
    const previewAt = new Date("2026-12-15T08:30:00.000Z");
    expect(siteAsOf(site, preview())).toEqual({ asOf: previewAt, previewAt });
    expect(ignoredContent(site, previewAt)).not.toContain(
      path.join(site, "content/legal/confidentialite-2026-12.md"),
    );
  });

  test("the first of the draft's own instants; those the published branch has are not its own", () => {
    write(
      "content/testimonials/03-spring.md",
      'order: 3\nrole: DAF\npublishFrom: "2027-03-01 00:00"\nretireAt: "2027-06-01 00:00"',
    );
    expect(siteAsOf(site, preview()).previewAt?.toISOString()).toBe("2027-02-28T23:00:00.000Z");
    // Told nothing of the published schedule (or something unreadable), the first instant is
    // taken as the draft's.
    for (const unknown of ["[]", "pas du JSON", '{"at":1}']) {
      expect(siteAsOf(site, preview(unknown)).previewAt?.toISOString()).toBe(
        "2026-12-31T23:00:00.000Z",
      );
    }
  });

  test("a draft that moves a published date is previewed at the new one", () => {
    write("content/legal/cgv-2027.md", 'path: /cgv\norder: 1\napplicableFrom: "2027-02-01 00:00"');
    expect(siteAsOf(site, preview()).previewAt?.toISOString()).toBe("2027-01-31T23:00:00.000Z");
  });
});
