import type { FailureNotice } from "../deployer";
import { failureMessage } from "../failure-email";

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
