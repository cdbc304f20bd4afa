// The French line for each outcome an action of the inbox redirects with (`?fait=…`): the page
// it leads to shows it, so that reloading it does nothing again (post, redirect, get).

export const outcomes: Record<string, { kind: "success" | "error"; text: string }> = {
  statut: { kind: "success", text: "Le statut de la demande a été changé." },
  libere: {
    kind: "success",
    text: "La demande est sortie de la quarantaine et remise à l'envoi : l'état de chaque envoi s'affiche ci-dessous.",
  },
  spam: { kind: "success", text: "La demande a été supprimée comme spam." },
  pris: { kind: "success", text: "Vous vous occupez de cette demande." },
  "deja-prise": {
    kind: "error",
    text: "Un autre membre de l'équipe l'a prise juste avant vous : elle reste la sienne.",
  },
  confie: { kind: "success", text: "La demande a été confiée." },
  note: { kind: "success", text: "La note a été ajoutée." },
  reponse: {
    kind: "success",
    text: "La réponse est partie ; elle est gardée ci-dessous, et les réponses de la personne vous arriveront.",
  },
  relance: { kind: "success", text: "Les envois en attente ont été faits." },
  "relance-rien": {
    kind: "success",
    text: "Rien n'était à envoyer à l'instant : un envoi est peut-être déjà en cours, rechargez la page dans une minute.",
  },
  "relance-echec": {
    kind: "error",
    text: "Un envoi a encore échoué : il sera réessayé plus tard.",
  },
};

/** The outcome's line; none for a word the inbox never writes (`?fait=constructor` included). */
export const outcomeOf = (fait: string | undefined) =>
  fait !== undefined && Object.hasOwn(outcomes, fait) ? outcomes[fait] : undefined;
