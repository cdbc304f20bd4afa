/** @jest-environment node */
import { legalVersionPages } from "../legal-versions";

// Each version of a legal page the build was given: the newest at the page's address, each
// former one at its own, linked both ways.

test("the newest version at the page's address, the former ones at their own, linked", () => {
  const pages = legalVersionPages([
    { id: "b", path: "/cgv", applicableFrom: "2027-01-01 00:00" },
    { id: "a", path: "/cgv", applicableFrom: null },
    { id: "c", path: "/cgv", applicableFrom: "2027-06-15 09:30" },
    { id: "m", path: "/mentions-legales" },
  ]);
  expect(pages).toEqual([
    {
      path: "/cgv/version-initiale",
      context: {
        id: "a",
        since: null,
        until: "2026-12-31T23:00:00.000Z",
        currentPath: "/cgv",
        formerPath: null,
      },
    },
    {
      path: "/cgv/version-2027-01-01-0000",
      context: {
        id: "b",
        since: "2026-12-31T23:00:00.000Z",
        until: "2027-06-15T07:30:00.000Z",
        currentPath: "/cgv",
        formerPath: "/cgv/version-initiale",
      },
    },
    {
      path: "/cgv",
      context: {
        id: "c",
        since: "2027-06-15T07:30:00.000Z",
        until: null,
        currentPath: null,
        formerPath: "/cgv/version-2027-01-01-0000",
      },
    },
    {
      path: "/mentions-legales",
      context: { id: "m", since: null, until: null, currentPath: null, formerPath: null },
    },
  ]);
});
