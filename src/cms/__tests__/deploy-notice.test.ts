import { frenchMoment, noticeText } from "../deploy-notice";

// What the admin's notice says for each state GET /api/deploy/status reports.

test("the moment a release went live, in Paris time and French", () => {
  expect(frenchMoment("2026-11-26T13:02:00.000Z")).toBe("26 novembre à 14 h 02");
  expect(frenchMoment("2026-07-01T07:05:00.000Z")).toBe("1 juillet à 9 h 05");
});

test("live, building, failed: one sentence each; nothing before the first release", () => {
  const live = { commit: "a".repeat(40), since: "2026-11-26T13:02:00.000Z" };
  expect(noticeText({ state: "idle", live, failure: null })).toBe(
    "En ligne : publication du 26 novembre à 14 h 02",
  );
  expect(noticeText({ state: "building", live, failure: null })).toBe("Mise en ligne en cours…");
  expect(
    noticeText({
      state: "failed",
      live,
      failure: {
        commit: "b".repeat(40),
        at: "2026-11-26T13:10:00.000Z",
        message: "« npm run build » a échoué (code 1)",
        problems: ["content/company/company.md : champ « insurer » encore à compléter"],
      },
    }),
  ).toBe(
    "La dernière publication n'a pas été mise en ligne : content/company/company.md : champ « insurer » encore à compléter. La version précédente reste en ligne.",
  );
  expect(noticeText({ state: "idle", live: null, failure: null })).toBeNull();
});

test("after a rollback, and when the server must be updated, the notice says so", () => {
  const live = { commit: "a".repeat(40), since: "2026-11-26T13:02:00.000Z" };
  const rollback = {
    at: "2026-11-27T08:30:00.000Z",
    from: "c".repeat(40),
    to: live.commit,
  };
  expect(noticeText({ state: "idle", live, failure: null, rollback })).toBe(
    "En ligne : version d'avant, remise le 27 novembre à 9 h 30 ; la prochaine publication repart de la dernière version",
  );
  expect(
    noticeText({
      state: "idle",
      live,
      failure: null,
      serverUpdate: { commit: live.commit, message: "le code du serveur a changé" },
    }),
  ).toBe(
    "En ligne : publication du 26 novembre à 14 h 02. Elle modifie aussi le serveur : son administrateur doit le mettre à jour.",
  );
});

test("what is scheduled: each instant in Paris time, with its year, and what it changes", () => {
  const live = { commit: "a".repeat(40), since: "2026-11-26T13:02:00.000Z" };
  const scheduled = [
    {
      at: "2026-12-31T23:00:00.000Z",
      changes: ["content/legal/cgv-2027.md : version applicable"],
    },
    {
      at: "2027-06-30T21:59:00.000Z",
      changes: ["content/testimonials/a.md : retiré", "content/clients/b.md : mis en ligne"],
    },
  ];
  expect(noticeText({ state: "idle", live, failure: null, scheduled })).toBe(
    "En ligne : publication du 26 novembre à 14 h 02. Programmé : le 1 janvier 2027 à 00:00 (heure de Paris), content/legal/cgv-2027.md : version applicable ; le 30 juin 2027 à 23:59 (heure de Paris), content/testimonials/a.md : retiré, content/clients/b.md : mis en ligne.",
  );
  expect(noticeText({ state: "idle", live, failure: null, scheduled: [] })).toBe(
    "En ligne : publication du 26 novembre à 14 h 02",
  );
});
