import type Mail from "nodemailer/lib/mailer";
import { linkLifetimeMs } from "./sign-in";

// The two emails of the inbox, in French, as plain text: the sign-in link to a team member, and
// the daily word to sales that requests wait in quarantine.

export const inboxPath = "/equipe/";

export function signInMessage(
  to: string,
  from: string,
  teamUrl: string,
  token: string,
): Mail.Options {
  const link = `${teamUrl}${inboxPath}connexion?jeton=${token}`;
  const minutes = linkLifetimeMs / 60_000;
  return {
    from,
    to,
    subject: "Votre lien de connexion à la boîte des demandes",
    text: [
      "Bonjour,",
      "",
      "Pour ouvrir la boîte des demandes de devis, suivez ce lien puis cliquez sur « Se connecter » :",
      "",
      link,
      "",
      `Ce lien ne sert qu'une fois et expire dans ${minutes} minutes.`,
      "Si vous n'avez rien demandé, ignorez ce message : personne ne pourra se connecter sans lui.",
      "",
    ].join("\n"),
  };
}

/** An accepted request that no one has taken for a working day, as the digest names it. */
export interface UnownedLead {
  id: string;
  company: string;
  receivedAt: string;
}

export function quarantineDigestMessage(
  to: string[],
  from: string,
  /** The inbox's origin (TEAM_URL) when it is open to someone (TEAM_EMAILS); else the CLI. */
  inboxUrl: string | null,
  count: number,
  /** The accepted requests no one has taken for a working day (the inbox's), and how many. */
  unowned: { leads: readonly UnownedLead[]; total: number } = { leads: [], total: 0 },
): Mail.Options {
  const requests = count > 1 ? `${count} demandes de devis attendent` : "1 demande de devis attend";
  const waiting =
    unowned.total > 1
      ? `${unowned.total} demandes attendent un responsable`
      : "1 demande attend un responsable";
  const quarantine =
    count === 0
      ? []
      : [
          `${requests} en quarantaine : le formulaire les a jugées suspectes (envoyées trop vite, par exemple) et ne vous les a pas transmises.`,
          "Une vraie personne a pu en envoyer une : vérifiez-les, puis sortez-les de la quarantaine ou confirmez qu'il s'agit de spam.",
          "",
          inboxUrl
            ? `${inboxUrl}${inboxPath}?quarantaine=oui`
            : "La boîte des demandes n'est pas encore ouverte : la personne qui administre le serveur les voit avec « npm run leads -- spam ».",
          "",
        ];
  const owners =
    unowned.total === 0 || !inboxUrl
      ? []
      : [
          `${waiting} depuis plus d'un jour ouvré : personne ne s'en occupe encore.`,
          ...unowned.leads.map(
            (lead) =>
              `- ${lead.company}, reçue le ${parisDate.format(new Date(lead.receivedAt))} : ${inboxUrl}${inboxPath}demandes/${lead.id}`,
          ),
          ...(unowned.total > unowned.leads.length
            ? [`- et ${unowned.total - unowned.leads.length} autre(s)`]
            : []),
          "",
          `${inboxUrl}${inboxPath}?responsable=aucun`,
          "",
        ];
  return {
    from,
    to,
    subject: [count > 0 && `${requests} en quarantaine`, owners.length > 0 && waiting]
      .filter(Boolean)
      .join(" ; "),
    text: ["Bonjour,", "", ...quarantine, ...owners].join("\n"),
  };
}

const parisDate = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "long" });
