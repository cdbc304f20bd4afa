/** @jest-environment node */
import { TestSmtp } from "../../../../tests/pipeline/support/smtp";
import { problemsOf } from "../../../test-utils/config-problems";
import { readServerConfig } from "../../config";
import type { FailureNotice } from "../deployer";
import { failureMessage, failureNotifier } from "../failure-email";

// What whoever published reads when a publication did not go live, or went live with server code
// the server does not run yet.

const notice: FailureNotice = {
  kind: "failure",
  commit: "0123456789abcdef0123456789abcdef01234567",
  author: { name: "Claire Martin", email: "claire@hestia.test" },
  subject: "Assureur à confirmer",
  message: "« npm run build » a échoué (code 1)",
  problems: [],
  outputTail: ["ERROR  Something broke"],
};
const from = "Site <site@hestia.test>";

test("a content problem: the file, the field and the way to fix it", () => {
  const mail = failureMessage(
    { ...notice, problems: ["content/company/company.md : champ « insurer » encore à compléter"] },
    ["claire@hestia.test"],
    from,
  );
  expect(mail).toMatchObject({ from, to: ["claire@hestia.test"] });
  expect(mail.subject).toBe("Publication non mise en ligne : Assureur à confirmer");
  expect(mail.text).toContain(
    "La publication « Assureur à confirmer » (0123456) n'a pas été mise en ligne.",
  );
  expect(mail.text).toContain(
    "  - content/company/company.md : champ « insurer » encore à compléter",
  );
  expect(mail.text).toContain("Corrigez-les dans l'administration du site");
  expect(mail.text).not.toContain("Something broke");
});

test("another failure: the reason, the build's last lines, and whom to tell", () => {
  const mail = failureMessage({ ...notice, subject: "" }, ["ops@hestia.test"], from);
  expect(mail.subject).toBe("Publication non mise en ligne : 0123456");
  expect(mail.text).toContain("La publication du commit 0123456 n'a pas été mise en ligne.");
  expect(mail.text).toContain("Raison : « npm run build » a échoué (code 1).");
  expect(mail.text).toContain("  ERROR  Something broke");
  expect(mail.text).toContain("Transmettez ce message à la personne qui administre le serveur.");
});

test("a publication that changes the server's code: live, and the server to update", () => {
  const mail = failureMessage({ ...notice, kind: "server-update" }, ["ops@hestia.test"], from);
  expect(mail.subject).toBe("Serveur à mettre à jour : Assureur à confirmer");
  expect(mail.text).toMatch(
    /^Bonjour,\n\nLa publication « Assureur à confirmer » \(0123456\) est en ligne\./,
  );
  expect(mail.text).toContain("section « Updating the server »");
  expect(mail.text).not.toContain("Raison");
});

describe("who receives it, through a real SMTP listener", () => {
  const smtp = new TestSmtp(0);
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  const recipients = {
    notifyTo: ["ops@hestia.test"],
    team: new Map([["claire@hestia.test", "sales"]]),
    domains: ["hestia-recouvrement.fr"],
  };
  /** Sends the failure of a commit whose author field holds `author`; who got it (RCPT TO). */
  async function sentTo(author: string, to: typeof recipients = recipients) {
    const notify = failureNotifier({ smtpUrl: smtp.url, to: [], from, ack: false }, to)!;
    const before = smtp.recipients.length;
    await notify({ ...notice, author: { name: "Auteur", email: author } });
    return smtp.recipients.slice(before).flat();
  }

  it.each([
    [
      "a member of TEAM_EMAILS, in any case",
      "Claire@Hestia.test",
      ["ops@hestia.test", "claire@hestia.test"],
    ],
    [
      "an address of a listed domain",
      "paul@hestia-recouvrement.fr",
      ["ops@hestia.test", "paul@hestia-recouvrement.fr"],
    ],
    ["an outside address", "victime@exemple.org", ["ops@hestia.test"]],
    ["a subdomain of a listed domain", "x@evil.hestia-recouvrement.fr", ["ops@hestia.test"]],
    [
      "a listed domain as a name, another address",
      "paul@hestia-recouvrement.fr <victime@exemple.org>",
      ["ops@hestia.test"],
    ],
    [
      "two addresses in one",
      "victime@exemple.org,paul@hestia-recouvrement.fr",
      ["ops@hestia.test"],
    ],
    [
      "a listed domain in the local part",
      "victime@exemple.org@hestia-recouvrement.fr",
      ["ops@hestia.test"],
    ],
    [
      "a line break and a header",
      "paul@hestia-recouvrement.fr\r\nBcc: victime@exemple.org",
      ["ops@hestia.test"],
    ],
    ["the operator's own address", "ops@hestia.test", ["ops@hestia.test"]],
  ])("%s", async (_case, author, expected) => {
    expect(await sentTo(author)).toEqual(expected);
  });

  it("without DEPLOY_NOTIFY_TO, an outside author gets nothing: no email at all", async () => {
    const before = smtp.received;
    expect(await sentTo("victime@exemple.org", { ...recipients, notifyTo: [] })).toEqual([]);
    expect(smtp.received).toBe(before);
    expect(await sentTo("claire@hestia.test", { ...recipients, notifyTo: [] })).toEqual([
      "claire@hestia.test",
    ]);
    expect(smtp.mails.at(-1)?.subject).toBe("Publication non mise en ligne : Assureur à confirmer");
  });
});

describe("DEPLOY_NOTIFY_DOMAINS", () => {
  test("lowercased domains, comma-separated; unset, none", () => {
    const env = { DEPLOY_NOTIFY_DOMAINS: " Hestia-Recouvrement.fr, agence.exemple.fr " };
    expect(readServerConfig(env).deployNotifyDomains).toEqual([
      "hestia-recouvrement.fr",
      "agence.exemple.fr",
    ]);
    expect(readServerConfig({}).deployNotifyDomains).toEqual([]);
  });

  it.each(["@hestia.fr", "hestia", "*.hestia.fr", "hestia.fr/x", "a@hestia.fr", "hestia..fr", ","])(
    "%j is refused, named in French",
    (value) => {
      expect(problemsOf({ DEPLOY_NOTIFY_DOMAINS: value })).toEqual([
        expect.stringMatching(/^DEPLOY_NOTIFY_DOMAINS « .* » : attendu des domaines séparés/),
      ]);
    },
  );
});
