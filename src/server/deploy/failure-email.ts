import type { EmailConfig } from "../delivery/delivery-config";
import { EmailSender } from "../delivery/email";
import type { FailureNotice } from "./deployer";

// The email that tells whoever published that the publication did not go live, and why, through
// the SMTP relay the leads use. To DEPLOY_NOTIFY_TO, and to the commit's author only when the
// operator vouches for that address (a member of TEAM_EMAILS, or of a DEPLOY_NOTIFY_DOMAINS
// domain): the author field is whatever the pusher typed, and the email quotes the build's last
// lines, so an outside address would receive them. None when a deploy succeeds, but one that
// changes the server's code: the site is live, and the server must be updated.

/** How the email names the publication: its subject line and short commit, or the commit. */
function publication(notice: FailureNotice) {
  const commit = notice.commit ? notice.commit.slice(0, 7) : "dernier commit";
  return {
    named: notice.subject ? `« ${notice.subject} » (${commit})` : `du commit ${commit}`,
    short: notice.subject || commit,
  };
}

/** The failure's own lines: the content check's problems, or the reason and the build's end. */
function failureLines(notice: FailureNotice): string[] {
  if (notice.problems.length > 0) {
    return [
      "Le contenu comporte ces erreurs (fichier, ligne, raison) :",
      ...notice.problems.map((problem) => `  - ${problem}`),
      "",
      "Corrigez-les dans l'administration du site, puis publiez à nouveau.",
    ];
  }
  return [
    `Raison : ${notice.message}.`,
    ...(notice.outputTail.length > 0
      ? ["", "Dernières lignes de la construction :", ...notice.outputTail.map((l) => `  ${l}`)]
      : []),
    "",
    "Transmettez ce message à la personne qui administre le serveur.",
  ];
}

/**
 * The email: a failed publication (the live release stays), or one that went live but changes
 * the server's code, which the deploy does not replace (docs/operations.md).
 */
export function failureMessage(notice: FailureNotice, to: string[], from: string) {
  const { named, short } = publication(notice);
  const [subject, body] =
    notice.kind === "server-update"
      ? [
          `Serveur à mettre à jour : ${short}`,
          [
            `La publication ${named} est en ligne. Elle modifie aussi le code du serveur (src/server/, ou ses dépendances), que la mise en ligne ne remplace pas : le serveur tourne toujours avec son code d'avant.`,
            "",
            "Transmettez ce message à la personne qui administre le serveur : elle met le serveur à jour comme le décrit docs/operations.md, section « Updating the server ».",
          ],
        ]
      : [
          `Publication non mise en ligne : ${short}`,
          [
            `La publication ${named} n'a pas été mise en ligne. La version précédente du site reste en ligne.`,
            "",
            ...failureLines(notice),
          ],
        ];
  return { from, to, subject, text: `${["Bonjour,", "", ...body].join("\n")}\n` };
}

/** Who hears of a deploy: the operator's addresses, and the authors the operator vouches for. */
export interface FailureRecipients {
  /** DEPLOY_NOTIFY_TO. */
  notifyTo: readonly string[];
  /** TEAM_EMAILS, keyed by lowercased address. */
  team: ReadonlyMap<string, unknown>;
  /** DEPLOY_NOTIFY_DOMAINS, lowercased. */
  domains: readonly string[];
}

/** One bare address, nothing a mailer would read as a second one (a comma, a name, `<…>`). */
const bareAddress = /^[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;

/** DEPLOY_NOTIFY_TO, and the commit's author when TEAM_EMAILS or DEPLOY_NOTIFY_DOMAINS names it. */
export function recipientsOf(notice: FailureNotice, recipients: FailureRecipients): string[] {
  const author = notice.author?.email.trim().toLowerCase() ?? "";
  const vouched =
    bareAddress.test(author) &&
    (recipients.team.has(author) || recipients.domains.includes(author.split("@")[1]!));
  const known = new Set(recipients.notifyTo.map((to) => to.toLowerCase()));
  return [...recipients.notifyTo, ...(vouched && !known.has(author) ? [author] : [])];
}

/** The sender of failure emails, or undefined when no SMTP relay is configured. */
export function failureNotifier(email: EmailConfig | null, recipients: FailureRecipients) {
  if (!email) return undefined;
  return async (notice: FailureNotice) => {
    const to = recipientsOf(notice, recipients);
    if (to.length === 0) return;
    const sender = new EmailSender(email.smtpUrl);
    try {
      await sender.send(failureMessage(notice, to, email.from));
    } finally {
      sender.close();
    }
  };
}
