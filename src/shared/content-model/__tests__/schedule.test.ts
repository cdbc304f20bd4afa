/** @jest-environment node */
// What is in force at an instant, and when the site next changes, from the files' dates.

import { changesAfter, filesOutOfForce, nextChange, type ScheduledFile } from "../schedule";

const at = (iso: string) => new Date(iso);
const names = (files: ScheduledFile[]) => files.map((entry) => entry.file);

const files: ScheduledFile[] = [
  { file: "content/testimonials/a.md", kind: "testimonials", fields: { order: 1 } },
  {
    file: "content/testimonials/b.md",
    kind: "testimonials",
    fields: { publishFrom: "2027-01-01 00:00", retireAt: "2027-03-01 00:00" },
  },
  { file: "content/clients/c.md", kind: "clients", fields: { retireAt: "2027-02-01 12:00" } },
  { file: "content/legal/cgv.md", kind: "legal", fields: { path: "/cgv" } },
  {
    file: "content/legal/cgv-2027.md",
    kind: "legal",
    fields: { path: "/cgv", applicableFrom: "2027-01-15 00:00" },
  },
  {
    file: "content/legal/new.md",
    kind: "legal",
    fields: { path: "/new", applicableFrom: "2027-02-01 12:00" },
  },
  { file: "content/company/company.md", kind: "company", fields: {} },
];

describe("filesOutOfForce", () => {
  it("leaves out what is not published yet, and legal versions not applicable yet", () => {
    expect(names(filesOutOfForce(files, at("2026-12-31T22:59:59Z")))).toEqual([
      "content/testimonials/b.md",
      "content/legal/cgv-2027.md",
      "content/legal/new.md",
    ]);
  });

  it("takes an entry in at its instant exactly (Paris midnight is 23:00 UTC in winter)", () => {
    expect(names(filesOutOfForce(files, at("2026-12-31T23:00:00Z")))).not.toContain(
      "content/testimonials/b.md",
    );
  });

  it("keeps a former legal version (read at its own address), and withdraws at « retireAt »", () => {
    expect(names(filesOutOfForce(files, at("2027-02-01T11:00:00Z")))).toEqual([
      "content/clients/c.md",
    ]);
    expect(names(filesOutOfForce(files, at("2027-06-01T00:00:00Z")))).toEqual([
      "content/testimonials/b.md",
      "content/clients/c.md",
    ]);
  });

  it("ignores a date it cannot read: the content checks refuse the file", () => {
    const broken = [{ file: "x.md", kind: "clients", fields: { publishFrom: "2026-03-29 02:30" } }];
    expect(filesOutOfForce(broken, at("2026-01-01T00:00:00Z"))).toEqual([]);
  });
});

describe("changesAfter and nextChange", () => {
  it("lists each later instant once, in order, with what it changes", () => {
    expect(changesAfter(files, at("2027-01-01T00:00:00Z"))).toEqual([
      {
        at: at("2027-01-14T23:00:00Z"),
        changes: ["content/legal/cgv-2027.md : version applicable"],
      },
      {
        at: at("2027-02-01T11:00:00Z"),
        changes: ["content/clients/c.md : retiré", "content/legal/new.md : version applicable"],
      },
      { at: at("2027-02-28T23:00:00Z"), changes: ["content/testimonials/b.md : retiré"] },
    ]);
  });

  it("gives the next instant strictly after, and none when nothing is left", () => {
    expect(nextChange(files, at("2026-06-01T00:00:00Z"))).toEqual(at("2026-12-31T23:00:00Z"));
    expect(nextChange(files, at("2026-12-31T23:00:00Z"))).toEqual(at("2027-01-14T23:00:00Z"));
    expect(nextChange(files, at("2027-02-28T23:00:00Z"))).toBeUndefined();
  });
});
