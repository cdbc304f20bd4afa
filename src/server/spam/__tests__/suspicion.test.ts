/** @jest-environment node */
import { quarantineRules, suspicion, suspicionReason } from "../suspicion";

const request = {
  firstName: "Jean",
  lastName: "Dupont",
  email: "jean.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: "Office HLM de Lyon",
  message: "Nous souhaitons un devis pour 300 dossiers.",
  rgpd: true as const,
};
const now = new Date("2026-01-15T10:00:00Z");
const typed = {
  elapsedHeader: "42000",
  websiteHeader: undefined,
  challengeIssuedAt: new Date(now.getTime() - 40_000),
  now,
};

describe("a suspect request", () => {
  it("is not what a person typed at an ordinary pace", () => {
    expect(suspicionReason(request, typed)).toBeNull();
  });

  it.each([
    [
      "the robot field filled",
      { websiteHeader: "https%3A%2F%2Fspam.example" },
      /champ piège.*https:\/\/spam\.example/,
    ],
    ["filled in 1.2 s", { elapsedHeader: "1200" }, /rempli en 1\.2 s/],
    [
      "sent without the form's signals",
      { elapsedHeader: undefined },
      /sans passer par le formulaire/,
    ],
    ["an unreadable timing", { elapsedHeader: "vite" }, /sans passer par le formulaire/],
    [
      "sent 0.3 s after its challenge",
      { challengeIssuedAt: new Date(now.getTime() - 300) },
      /0\.3 s après/,
    ],
  ])("%s", (_name, signals, reason) => {
    expect(suspicionReason(request, { ...typed, ...signals })).toMatch(reason);
  });

  it("has a link in every field that can hold one", () => {
    const spam = {
      ...request,
      company: "www.pills.example",
      message: "Best offer http://x.example now",
    };
    expect(suspicionReason(spam, typed)).toMatch(/un lien dans chaque champ libre/);
    // One link, where a person may well give their site, is not enough.
    expect(suspicionReason({ ...request, message: spam.message }, typed)).toBeNull();
  });
});

it("names the rule of each sign, as the inbox shows it", () => {
  const now = new Date();
  const typed = {
    elapsedHeader: "12000",
    websiteHeader: undefined,
    challengeIssuedAt: undefined,
    now,
  };
  const rules = [
    suspicion(request, { ...typed, websiteHeader: "x" }),
    suspicion(request, { ...typed, elapsedHeader: undefined }),
    suspicion(request, { ...typed, elapsedHeader: "800" }),
    suspicion(request, { ...typed, challengeIssuedAt: new Date(now.getTime() - 300) }),
  ].map((found) => found?.rule);
  expect(rules).toEqual(["trap", "no-form", "too-fast", "too-soon"]);
  expect(quarantineRules["too-fast"]).toBe("formulaire rempli en moins de 3 s");
});
