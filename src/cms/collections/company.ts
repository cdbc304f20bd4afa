// The admin's collection for the company's details (content/company/company.md), which the
// legal pages, the call button and the footer show. Until the company gives a detail, a
// placeholder stands in: the build lists it, and a strict build refuses it.
import { collectionOf } from "../model-fields";
import { orPlaceholder } from "./words";

export const companyCollection = collectionOf("company", {
  label: "Coordonnées de la société",
  file: { path: "content/company/company.md", label: "Coordonnées" },
  fields: {
    name: {
      label: "Dénomination sociale",
      hint: "Le nom de la société, tel qu'il figure au registre.",
    },
    legalForm: {
      label: "Forme juridique",
      hint: orPlaceholder("Par exemple : SAS (société par actions simplifiée)."),
    },
    shareCapital: {
      label: "Capital social",
      hint: orPlaceholder("Montant avec son unité, par exemple : 10 000 €."),
    },
    headOffice: { label: "Siège social", hint: orPlaceholder("Adresse complète du siège.") },
    phone: {
      label: "Téléphone",
      hint: orPlaceholder("Affiché dans le bouton d'appel, le pied de page et les pages légales."),
    },
    email: { label: "Email de contact", hint: orPlaceholder("Affiché dans les pages légales.") },
    dpoEmail: {
      label: "Email pour les données personnelles",
      hint: orPlaceholder("Adresse où exercer ses droits RGPD."),
    },
    siren: {
      label: "Immatriculation (RCS / SIREN)",
      hint: orPlaceholder("Par exemple : RCS Paris 123 456 789."),
    },
    vatNumber: {
      label: "Numéro de TVA intracommunautaire",
      hint: orPlaceholder("Par exemple : FR 12 123 456 789."),
    },
    publicationDirector: {
      label: "Directeur ou directrice de la publication",
      hint: orPlaceholder("Prénom, nom et fonction."),
    },
    // The carte G's details are optional in the schema: shown only where the copy claims the
    // card, and then required by the build (src/shared/content-model/claims.ts).
    carteGNumber: {
      label: "Numéro de carte professionnelle (carte G)",
      hint: orPlaceholder(
        "Par exemple : CPI 7501 2018 000 012 345. Obligatoire si le site cite la carte G.",
      ),
    },
    carteGChamber: {
      label: "Carte G délivrée par",
      hint: orPlaceholder("La CCI qui a délivré la carte, par exemple : CCI Paris Île-de-France."),
    },
    guarantor: {
      label: "Garant financier",
      hint: orPlaceholder("Nom et adresse de l'organisme de garantie financière."),
    },
    guaranteeAmount: {
      label: "Montant de la garantie financière",
      hint: orPlaceholder("Avec son unité, par exemple : 110 000 €."),
    },
    insurer: {
      label: "Assureur responsabilité civile professionnelle",
      hint: orPlaceholder(
        "Nom de l'assureur, preuve de « assurance RCP » (article R124-2 du CPCE).",
      ),
    },
    insurancePolicy: {
      label: "Numéro du contrat d'assurance RCP",
      hint: orPlaceholder("Tel qu'il figure sur l'attestation d'assurance."),
    },
    dedicatedAccountBank: {
      label: "Banque du compte dédié aux fonds des clients",
      hint: orPlaceholder("Preuve de « compte bancaire dédié » (article R124-2 du CPCE)."),
    },
    prosecutorDeclarationDate: {
      label: "Date de la déclaration au procureur de la République",
      hint: orPlaceholder(
        "Preuve de « déclaré au procureur de la République » (article R124-2 du CPCE).",
      ),
    },
    hostName: { label: "Hébergeur du site", hint: orPlaceholder("Raison sociale de l'hébergeur.") },
    hostAddress: { label: "Adresse de l'hébergeur", hint: orPlaceholder() },
    hostPhone: {
      label: "Téléphone de l'hébergeur",
      hint: orPlaceholder(
        "Avec l'indicatif si l'hébergeur est à l'étranger, par exemple : +33 9 72 10 10 07.",
      ),
    },
  },
});
