// Shapes of text fields, each with what a person should type, in French. The build's schemas
// and the admin's form both use them, so a value the admin accepts is one the build accepts.

export type TextPattern = { readonly pattern: RegExp; readonly expected: string };

export const frenchPhone: TextPattern = {
  pattern: /(?:0|\+33 ?|0033 ?)[1-9](?:[ .-]?\d{2}){4}/,
  expected: "un numéro de téléphone français (par exemple 01 23 45 67 89)",
};

export const anyPhone: TextPattern = {
  pattern: /(?:\+\d{1,3}[ .-]?)?\d[\d .-]{5,18}\d/,
  expected: "un numéro de téléphone (chiffres, espaces, points ou tirets, + devant l'indicatif)",
};

export const email: TextPattern = {
  pattern: /[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[a-zA-Z]{2,}/,
  expected: "une adresse email (par exemple contact@exemple.fr)",
};

export const siren: TextPattern = {
  pattern: /(?:RCS [A-Za-zÀ-ÖØ-öø-ÿ' -]+ )?\d{3} ?\d{3} ?\d{3}/,
  expected:
    "un numéro SIREN de 9 chiffres, précédé ou non de « RCS » et de la ville (par exemple RCS Paris 123 456 789)",
};

export const vatNumber: TextPattern = {
  pattern: /FR ?[0-9A-Z]{2} ?\d{3} ?\d{3} ?\d{3}/,
  expected: "un numéro de TVA intracommunautaire (FR, 2 caractères, puis les 9 chiffres du SIREN)",
};

export const carteGNumber: TextPattern = {
  pattern: /CPI ?\d{4} ?\d{4} ?\d{3} ?\d{3} ?\d{3}/,
  expected: "un numéro de carte professionnelle (par exemple CPI 7501 2018 000 012 345)",
};

export const frenchDate: TextPattern = {
  pattern: /\d{2}\/\d{2}\/\d{4}/,
  expected: "une date au format JJ/MM/AAAA (par exemple 15/03/2024)",
};

export const sitePath: TextPattern = {
  pattern: /\/[a-z0-9-]+(?:\/[a-z0-9-]+)*/,
  expected:
    "une adresse de page commençant par « / », en minuscules et tirets (par exemple /mentions-legales)",
};

export const imagePath: TextPattern = {
  pattern: /\.\.\/images\/[a-z0-9-]+\.(?:jpg|jpeg|png|webp)/,
  expected: "le chemin d'une image du dossier content/images (par exemple ../images/hero.jpg)",
};
