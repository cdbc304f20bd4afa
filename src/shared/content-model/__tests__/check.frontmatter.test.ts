/** @jest-environment node */
// checkFrontmatter, continued: more mistakes in the real files of content/, each with its
// French report (file, field, reason).

import { checkFrontmatter } from "../check";
import { type ContentKind } from "../kinds";

import {
  companyFile,
  figuresFile,
  landingFile,
  legalFile,
  testimonialFile,
  clientFile,
  company,
  landing,
  legal,
  sms,
  whatsapp,
  email,
  phone,
  iconExpected,
  figures,
} from "../../../test-utils/content-files";

describe("checkFrontmatter", () => {
  it.each<[string, ContentKind, string, unknown, string[]]>([
    [
      "no channel at all",
      "figures",
      figuresFile,
      { ...figures, channels: [] },
      [`${figuresFile} : « channels » est vide, attendu au moins un canal`],
    ],
    [
      "a channel icon that is not in the list",
      "figures",
      figuresFile,
      { ...figures, channels: [sms, whatsapp, email, { ...phone, icon: "telephone" }] },
      [
        `${figuresFile} : champ « channels.3.icon » : ${iconExpected}, trouvé le texte « telephone »`,
      ],
    ],
    [
      "a landing card icon that is not in the list",
      "landing",
      landingFile,
      {
        ...landing,
        approach: {
          ...(landing.approach as object),
          cards: [{ icon: "rocket", title: "Relances multicanales", text: "SMS et email." }],
        },
      },
      [
        `${landingFile} : champ « approach.cards.0.icon » : ${iconExpected}, trouvé le texte « rocket »`,
      ],
    ],
    [
      "a legal path without its leading slash",
      "legal",
      legalFile,
      { ...legal, path: "mentions-legales" },
      [
        `${legalFile} : champ « path » : attendu une adresse de page commençant par « / », en minuscules et tirets (par exemple /mentions-legales), trouvé le texte « mentions-legales »`,
      ],
    ],
    [
      "a legal path with capitals and accents",
      "legal",
      legalFile,
      { ...legal, path: "/Mentions-Légales" },
      [
        `${legalFile} : champ « path » : attendu une adresse de page commençant par « / », en minuscules et tirets (par exemple /mentions-legales), trouvé le texte « /Mentions-Légales »`,
      ],
    ],
    [
      "a testimonial order typed as text",
      "testimonials",
      testimonialFile,
      { order: "1", role: "Directrice de la gestion locative" },
      [
        `${testimonialFile} : champ « order » : attendu un nombre entier positif (chiffres seuls, sans espace ni symbole), trouvé le texte « 1 »`,
      ],
    ],
    [
      "an unknown field inside a group",
      "landing",
      landingFile,
      { ...landing, cta: { ...(landing.cta as object), phoneNumber: "01 99 00 12 34" } },
      [
        `${landingFile} : champ « cta.phoneNumber » inconnu pour ce type de contenu, trouvé le texte « 01 99 00 12 34 » : à retirer, ou à renommer si c'est une faute de frappe`,
      ],
    ],
    [
      "a yes/no value where a text is expected",
      "company",
      companyFile,
      { ...company, guarantor: true },
      [`${companyFile} : champ « guarantor » : attendu un texte non vide, trouvé la valeur vrai`],
    ],
    [
      "a count with a decimal part",
      "figures",
      figuresFile,
      { ...figures, takeoverHours: 24.5 },
      [
        `${figuresFile} : champ « takeoverHours » : attendu un nombre entier positif (chiffres seuls, sans espace ni symbole), trouvé le nombre 24.5`,
      ],
    ],
    [
      "a company phone number that is not French",
      "company",
      companyFile,
      { ...company, phone: "01 99 00 12" },
      [
        `${companyFile} : champ « phone » : attendu un numéro de téléphone français (par exemple 01 23 45 67 89), trouvé le texte « 01 99 00 12 »`,
      ],
    ],
    [
      "an email address without its domain",
      "company",
      companyFile,
      { ...company, email: "contact@" },
      [
        `${companyFile} : champ « email » : attendu une adresse email (par exemple contact@exemple.fr), trouvé le texte « contact@ »`,
      ],
    ],
    [
      "a company number one digit short",
      "company",
      companyFile,
      { ...company, siren: "RCS Paris 123 456 78" },
      [
        `${companyFile} : champ « siren » : attendu un numéro SIREN de 9 chiffres, précédé ou non de « RCS » et de la ville (par exemple RCS Paris 123 456 789), trouvé le texte « RCS Paris 123 456 78 »`,
      ],
    ],
    [
      "a VAT number without its country code",
      "company",
      companyFile,
      { ...company, vatNumber: "12 123 456 789" },
      [
        `${companyFile} : champ « vatNumber » : attendu un numéro de TVA intracommunautaire (FR, 2 caractères, puis les 9 chiffres du SIREN), trouvé le texte « 12 123 456 789 »`,
      ],
    ],
    [
      "a carte G number without its CPI prefix",
      "company",
      companyFile,
      { ...company, carteGNumber: "7501 2018 000 012 345" },
      [
        `${companyFile} : champ « carteGNumber » : attendu un numéro de carte professionnelle (par exemple CPI 7501 2018 000 012 345), trouvé le texte « 7501 2018 000 012 345 »`,
      ],
    ],
    [
      "a host phone number with letters",
      "company",
      companyFile,
      { ...company, hostPhone: "voir le site" },
      [
        `${companyFile} : champ « hostPhone » : attendu un numéro de téléphone (chiffres, espaces, points ou tirets, + devant l'indicatif), trouvé le texte « voir le site »`,
      ],
    ],
    [
      "a hero image outside content/images",
      "landing",
      landingFile,
      { ...landing, hero: { ...(landing.hero as object), image: "https://exemple.fr/hero.jpg" } },
      [
        `${landingFile} : champ « hero.image » : attendu le chemin d'une image du dossier content/images (par exemple ../images/hero.jpg), trouvé le texte « https://exemple.fr/hero.jpg »`,
      ],
    ],
    [
      "a client without a name",
      "clients",
      clientFile,
      { order: 1 },
      [
        `${clientFile} : champ « name » : attendu un texte non vide, trouvé rien (champ absent ou vide)`,
      ],
    ],
  ])("reports %s", (_rule, kind, file, frontmatter, expected) => {
    expect(checkFrontmatter(kind, frontmatter, file)).toEqual(expected);
  });
});
