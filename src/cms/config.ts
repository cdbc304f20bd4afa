// The admin's collections: one per kind of content, each field with the constraints of the
// build's schema (src/shared/content-model/schemas.ts), French labels and hints.
import { signInLogoUrl } from "./sign-in-logo";
import type { CmsCollection, CmsConfig, CmsField } from "./cms-types";
import { wholeValue } from "../shared/content-model/fields";
import * as patterns from "../shared/content-model/patterns";
import type { TextPattern } from "../shared/content-model/patterns";
import { iconNames } from "../shared/content-model/icon-names";
import { sourcedFigures } from "../shared/content-model/schemas";
import { accessibilityCollection } from "./collections/accessibility";
import { tenantsCollection } from "./collections/tenants";
import type { CmsSettings } from "./settings";

const placeholderHint =
  "Encore inconnu ? Écrivez [À COMPLÉTER : ce qui manque] : le site se construit, mais la mise en production le refuse.";

function text(name: string, label: string, hint?: string): CmsField {
  return { name, label, widget: "string", ...(hint && { hint }) };
}

function longText(name: string, label: string, hint?: string): CmsField {
  return { name, label, widget: "text", ...(hint && { hint }) };
}

/** A text of a given shape (a company detail); a placeholder may stand in until it is known. */
function patternTextOrPlaceholder(
  name: string,
  label: string,
  shape: TextPattern,
  hint: string,
): CmsField {
  return {
    name,
    label,
    widget: "string",
    hint: `${hint} ${placeholderHint}`,
    pattern: [wholeValue(shape, true).source, `Attendu : ${shape.expected}.`],
  };
}

function patternText(name: string, label: string, shape: TextPattern, hint: string): CmsField {
  return {
    name,
    label,
    widget: "string",
    hint,
    pattern: [wholeValue(shape, false).source, `Attendu : ${shape.expected}.`],
  };
}

function percentage(name: string, label: string, hint: string): CmsField {
  return { name, label, hint, widget: "number", value_type: "float", min: 0, max: 100 };
}

/** A whole number from 1 up: hours, days, a count, a position. */
function count(name: string, label: string, hint: string): CmsField {
  return { name, label, hint, widget: "number", value_type: "int", min: 1 };
}

/** A number from 1 up that may have decimals: an amount in euros, an average. */
function amount(name: string, label: string, hint: string): CmsField {
  return { name, label, hint, widget: "number", value_type: "float", min: 1 };
}

const icon: CmsField = {
  name: "icon",
  label: "Icône",
  widget: "select",
  options: [...iconNames],
  hint: "Le pictogramme affiché à côté du titre.",
};

const tokenHint =
  "Un chiffre ou une coordonnée s'écrit par un jeton, par exemple {{figures.takeoverHours}} ou {{company.phone}}.";

const heading = [
  text("title", "Titre de la section", tokenHint),
  longText("intro", "Introduction", tokenHint),
];

const items = (name: string, label: string): CmsField => ({
  name,
  label,
  widget: "list",
  summary: "{{fields.title}}",
  fields: [icon, text("title", "Titre", tokenHint), longText("text", "Texte", tokenHint)],
});

const company: CmsField[] = [
  text("name", "Dénomination sociale", "Le nom de la société, tel qu'il figure au registre."),
  text(
    "legalForm",
    "Forme juridique",
    `Par exemple : SAS (société par actions simplifiée). ${placeholderHint}`,
  ),
  text(
    "shareCapital",
    "Capital social",
    `Montant avec son unité, par exemple : 10 000 €. ${placeholderHint}`,
  ),
  text("headOffice", "Siège social", `Adresse complète du siège. ${placeholderHint}`),
  patternTextOrPlaceholder(
    "phone",
    "Téléphone",
    patterns.frenchPhone,
    "Affiché dans le bouton d'appel, le pied de page et les pages légales.",
  ),
  patternTextOrPlaceholder(
    "email",
    "Email de contact",
    patterns.email,
    "Affiché dans les pages légales.",
  ),
  patternTextOrPlaceholder(
    "dpoEmail",
    "Email pour les données personnelles",
    patterns.email,
    "Adresse où exercer ses droits RGPD.",
  ),
  patternTextOrPlaceholder(
    "siren",
    "Immatriculation (RCS / SIREN)",
    patterns.siren,
    "Par exemple : RCS Paris 123 456 789.",
  ),
  patternTextOrPlaceholder(
    "vatNumber",
    "Numéro de TVA intracommunautaire",
    patterns.vatNumber,
    "Par exemple : FR 12 123 456 789.",
  ),
  text(
    "publicationDirector",
    "Directeur ou directrice de la publication",
    `Prénom, nom et fonction. ${placeholderHint}`,
  ),
  // The carte G is optional: shown only where the copy claims it, and then required by the build.
  {
    ...patternTextOrPlaceholder(
      "carteGNumber",
      "Numéro de carte professionnelle (carte G)",
      patterns.carteGNumber,
      "Par exemple : CPI 7501 2018 000 012 345. Obligatoire si le site cite la carte G.",
    ),
    required: false,
  },
  {
    ...text(
      "carteGChamber",
      "Carte G délivrée par",
      `La CCI qui a délivré la carte, par exemple : CCI Paris Île-de-France. ${placeholderHint}`,
    ),
    required: false,
  },
  {
    ...text(
      "guarantor",
      "Garant financier",
      `Nom et adresse de l'organisme de garantie financière. ${placeholderHint}`,
    ),
    required: false,
  },
  {
    ...text(
      "guaranteeAmount",
      "Montant de la garantie financière",
      `Avec son unité, par exemple : 110 000 €. ${placeholderHint}`,
    ),
    required: false,
  },
  text(
    "insurer",
    "Assureur responsabilité civile professionnelle",
    `Nom de l'assureur, preuve de « assurance RCP » (article R124-2 du CPCE). ${placeholderHint}`,
  ),
  text(
    "insurancePolicy",
    "Numéro du contrat d'assurance RCP",
    `Tel qu'il figure sur l'attestation d'assurance. ${placeholderHint}`,
  ),
  text(
    "dedicatedAccountBank",
    "Banque du compte dédié aux fonds des clients",
    `Preuve de « compte bancaire dédié » (article R124-2 du CPCE). ${placeholderHint}`,
  ),
  patternTextOrPlaceholder(
    "prosecutorDeclarationDate",
    "Date de la déclaration au procureur de la République",
    patterns.frenchDate,
    "Preuve de « déclaré au procureur de la République » (article R124-2 du CPCE).",
  ),
  text("hostName", "Hébergeur du site", `Raison sociale de l'hébergeur. ${placeholderHint}`),
  text("hostAddress", "Adresse de l'hébergeur", placeholderHint),
  patternTextOrPlaceholder(
    "hostPhone",
    "Téléphone de l'hébergeur",
    patterns.anyPhone,
    "Avec l'indicatif si l'hébergeur est à l'étranger, par exemple : +33 9 72 10 10 07.",
  ),
];

const figures: CmsField[] = [
  percentage(
    "recoveryRate",
    "Taux de recouvrement (%)",
    "Nombre seul, sans %. Doit égaler amiable + précontentieux.",
  ),
  percentage("amicableRate", "Part recouvrée à l'amiable (%)", "Nombre seul, sans %."),
  percentage("preLitigationRate", "Part recouvrée en précontentieux (%)", "Nombre seul, sans %."),
  amount("averageDelayDays", "Délai moyen de recouvrement (jours)", "Nombre de jours, au moins 1."),
  count(
    "casesPerMonth",
    "Dossiers traités par mois",
    "Nombre entier, sans espace : 3500 s'affiche « 3 500+ ».",
  ),
  amount(
    "averageRecoveredAmount",
    "Montant moyen recouvré (€)",
    "Nombre seul, sans espace ni € : 24000.",
  ),
  amount(
    "averageServiceCost",
    "Coût moyen du service (€)",
    "Nombre seul, sans espace ni €. Le ratio (12:1) est calculé.",
  ),
  percentage(
    "combinedContactRate",
    "Taux de contact, tous canaux combinés (%)",
    "Nombre seul, sans %.",
  ),
  count(
    "takeoverHours",
    "Délai de prise en charge (heures)",
    "Repris par le jeton {{figures.takeoverHours}}.",
  ),
  count(
    "firstContactHours",
    "Délai du premier contact avec le débiteur (heures)",
    "Repris par le jeton {{figures.firstContactHours}}.",
  ),
  count(
    "quoteReplyHours",
    "Délai de réponse à une demande de devis (heures)",
    "Repris par le jeton {{figures.quoteReplyHours}}.",
  ),
  {
    name: "channels",
    label: "Canaux de relance",
    label_singular: "canal",
    widget: "list",
    min: 1,
    summary: "{{fields.name}} : {{fields.rate}} %",
    hint: "Au moins un canal. Le graphique les montre dans cet ordre.",
    fields: [
      text("name", "Nom du canal"),
      icon,
      percentage("rate", "Taux de contact (%)", "Nombre seul, sans %."),
      longText("description", "Description"),
    ],
  },
  {
    name: "delayBands",
    label: "Répartition des dossiers par délai",
    label_singular: "tranche",
    widget: "list",
    min: 1,
    summary: "{{fields.days}} jours : {{fields.share}} %",
    hint: "Les parts doivent totaliser 100.",
    fields: [
      count("days", "Délai (jours)", "Nombre entier de jours."),
      percentage("share", "Part des dossiers (%)", "Nombre seul, sans %."),
    ],
  },
  {
    name: "sources",
    label: "Période et source des chiffres",
    label_singular: "source",
    widget: "list",
    summary: "{{fields.label}} : {{fields.period}}, {{fields.source}}",
    hint: "Affichées sous les chiffres. Chaque chiffre mesuré doit figurer dans une entrée, sinon le site refuse de se construire.",
    fields: [
      text(
        "label",
        "Chiffres concernés, tels que le visiteur les lit",
        "Par exemple : Taux de contact.",
      ),
      {
        name: "figures",
        label: "Chiffres couverts",
        widget: "list",
        field: { name: "figure", label: "Chiffre", widget: "select", options: [...sourcedFigures] },
      },
      text("period", "Période", `Par exemple : moyenne 2024. ${placeholderHint}`),
      text("source", "Source", "Par exemple : données internes, sur les dossiers clos."),
    ],
  },
];

const landing: CmsField[] = [
  {
    name: "seo",
    label: "Référencement de la page d'accueil",
    widget: "object",
    fields: [
      text("title", "Titre pour les moteurs de recherche", "Environ 60 caractères."),
      longText(
        "description",
        "Description pour les moteurs de recherche",
        `Environ 155 caractères. ${tokenHint}`,
      ),
    ],
  },
  {
    name: "hero",
    label: "Bandeau d'accueil",
    widget: "object",
    fields: [
      text("eyebrow", "Surtitre"),
      text("title", "Titre principal"),
      longText("lead", "Chapeau"),
      text("primaryCta", "Bouton principal (vers le formulaire)"),
      text("secondaryCta", "Bouton secondaire (vers les résultats)"),
      patternText(
        "image",
        "Illustration",
        patterns.imagePath,
        "Chemin de l'image dans content/images, par exemple ../images/hero.jpg.",
      ),
      text(
        "imageAlt",
        "Description de l'illustration",
        "Ce que montre l'image, pour les personnes qui ne la voient pas.",
      ),
      {
        name: "highlights",
        label: "Points forts",
        label_singular: "point fort",
        widget: "list",
        field: text("highlight", "Point fort", tokenHint),
      },
    ],
  },
  {
    name: "approach",
    label: "Notre approche",
    widget: "object",
    fields: [...heading, items("cards", "Cartes")],
  },
  {
    name: "complementaryServices",
    label: "Services complémentaires",
    widget: "object",
    fields: [...heading, items("items", "Services")],
  },
  {
    name: "guarantees",
    label: "Garanties",
    widget: "object",
    fields: [...heading, items("items", "Garanties")],
  },
  {
    name: "channels",
    label: "Canaux",
    widget: "object",
    fields: [
      ...heading,
      text("chartCaption", "Légende du graphique"),
      text("combinedLabel", "Libellé du taux combiné"),
    ],
  },
  {
    name: "results",
    label: "Résultats",
    widget: "object",
    fields: [
      ...heading,
      text("recoveryLabel", "Libellé du taux de recouvrement"),
      text("amicableLabel", "Libellé de la part amiable"),
      text("preLitigationLabel", "Libellé de la part précontentieuse"),
      text("delayLabel", "Libellé du délai moyen"),
      text("casesLabel", "Libellé des dossiers par mois"),
      text("amountLabel", "Libellé du montant moyen recouvré"),
      text("costLabel", "Libellé du coût moyen"),
      text("ratioLabel", "Libellé du ratio"),
      text("bandsTitle", "Titre de la répartition par délai"),
    ],
  },
  { name: "references", label: "Références", widget: "object", fields: heading },
  {
    name: "testimonials",
    label: "Témoignages",
    widget: "object",
    fields: [text("title", "Titre de la section")],
  },
  {
    name: "process",
    label: "Étapes",
    widget: "object",
    fields: [
      ...heading,
      {
        name: "steps",
        label: "Étapes",
        label_singular: "étape",
        widget: "list",
        summary: "{{fields.title}}",
        fields: [text("title", "Titre", tokenHint), longText("text", "Texte", tokenHint)],
      },
    ],
  },
  {
    name: "cta",
    label: "Appel à l'action",
    widget: "object",
    fields: [
      text("title", "Titre"),
      longText("text", "Texte", tokenHint),
      text("phoneLabel", "Texte avant le numéro", "Le numéro vient des coordonnées de la société."),
    ],
  },
  {
    name: "contact",
    label: "Formulaire de devis",
    widget: "object",
    fields: [
      ...heading,
      {
        name: "points",
        label: "Arguments",
        label_singular: "argument",
        widget: "list",
        field: text("point", "Argument", tokenHint),
      },
    ],
  },
  {
    name: "footer",
    label: "Pied de page",
    widget: "object",
    fields: [text("tagline", "Accroche")],
  },
];

const testimonial: CmsField[] = [
  count("order", "Position", "1 pour le premier témoignage affiché, 2 pour le suivant…"),
  text(
    "role",
    "Fonction de l'auteur",
    "Par exemple : Directrice de la gestion locative, office public de l'habitat.",
  ),
  longText("body", "Témoignage", "Le texte seul, sans guillemets : le site les ajoute."),
];

const client: CmsField[] = [
  count("order", "Position", "Ordre d'affichage dans la liste des références."),
  text("name", "Nom de l'organisme"),
];

const legal: CmsField[] = [
  text("title", "Titre de la page"),
  patternText(
    "path",
    "Adresse de la page",
    patterns.sitePath,
    "Ne changez l'adresse qu'en connaissance de cause : les liens du site y mènent.",
  ),
  count("order", "Position", "Place du lien dans « Informations légales », en pied de page."),
  longText("description", "Description pour les moteurs de recherche", "Environ 155 caractères."),
  {
    name: "updatedAt",
    label: "Date de mise à jour",
    widget: "datetime",
    format: "YYYY-MM-DD",
    date_format: "DD/MM/YYYY",
    time_format: false,
    picker_utc: true,
    hint: "Affichée sous le titre : « Dernière mise à jour : 20 janvier 2025 ».",
  },
  {
    name: "body",
    label: "Texte de la page",
    widget: "markdown",
    // Raw first: the rich-text editor may rewrite tokens such as {{company.name}}.
    modes: ["raw", "rich_text"],
    hint: `Les coordonnées s'écrivent par un jeton : {{company.name}}, {{company.headOffice}}… ${placeholderHint}`,
  },
];

export const collections: CmsCollection[] = [
  {
    name: "figures",
    label: "Chiffres",
    description: "Tous les chiffres de la page d'accueil, saisis une seule fois.",
    files: [
      {
        name: "figures",
        label: "Chiffres clés",
        file: "content/figures/figures.md",
        fields: figures,
      },
    ],
  },
  {
    name: "testimonials",
    label: "Témoignages",
    label_singular: "témoignage",
    folder: "content/testimonials",
    create: true,
    delete: true,
    identifier_field: "role",
    slug: "{{fields.order}}-{{slug}}",
    summary: "{{order}}. {{role}}",
    sortable_fields: ["order", "role"],
    fields: testimonial,
  },
  {
    name: "clients",
    label: "Références clients",
    label_singular: "référence",
    folder: "content/clients",
    create: true,
    delete: true,
    identifier_field: "name",
    slug: "{{fields.order}}-{{slug}}",
    summary: "{{order}}. {{name}}",
    sortable_fields: ["order", "name"],
    fields: client,
  },
  {
    name: "landing",
    label: "Textes de la page d'accueil",
    files: [
      {
        name: "landing",
        label: "Page d'accueil",
        file: "content/landing/landing.md",
        fields: landing,
      },
    ],
  },
  {
    name: "company",
    label: "Coordonnées de la société",
    files: [
      {
        name: "company",
        label: "Coordonnées",
        file: "content/company/company.md",
        fields: company,
      },
    ],
  },
  {
    name: "legal",
    label: "Pages légales",
    label_singular: "page légale",
    folder: "content/legal",
    create: false,
    delete: false,
    identifier_field: "title",
    fields: legal,
  },
  accessibilityCollection,
  tenantsCollection,
];

/** The whole admin configuration, for the git host given by `settings`. */
export function cmsConfig(settings: CmsSettings): CmsConfig {
  return {
    // The collections are given here rather than in a config.yml the admin would fetch.
    load_config_file: false,
    locale: "fr",
    // The company's mark and name on the sign-in screen, not Decap's (./sign-in-logo.ts).
    logo_url: signInLogoUrl,
    backend: settings.backend,
    // Used only when the admin is opened on localhost, by `npm run cms`'s decap-server.
    local_backend: { url: settings.localBackendUrl },
    media_folder: "content/images",
    public_folder: "../images",
    // Drafts, reviews and publication: branches and pull requests on the git host.
    publish_mode: "editorial_workflow",
    collections,
  };
}
