import { define, type Struct } from "superstruct";

// Field types whose failure messages speak to the marketing person who edited the file:
// they say what was expected and what was found, in French.

export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return "rien (champ absent ou vide)";
  if (typeof value === "string") return `le texte « ${value} »`;
  if (typeof value === "number") return `le nombre ${value}`;
  if (typeof value === "boolean") return `la valeur ${value ? "vrai" : "faux"}`;
  if (value instanceof Date) return `la date ${value.toISOString().slice(0, 10)}`;
  if (Array.isArray(value)) return `une liste de ${value.length} élément(s)`;
  return "un groupe de champs";
}

function field<T>(
  name: string,
  expected: string,
  accepts: (value: unknown) => boolean,
): Struct<T, null> {
  return define<T>(
    name,
    (value) => accepts(value) || `attendu ${expected}, trouvé ${describeValue(value)}`,
  );
}

export const text = () =>
  field<string>("text", "un texte non vide", (v) => typeof v === "string" && v.trim() !== "");

export const percentage = () =>
  field<number>(
    "percentage",
    "un pourcentage entre 0 et 100 (un nombre seul, sans le signe %)",
    (v) => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 100,
  );

export const positiveNumber = () =>
  field<number>(
    "positive number",
    "un nombre positif (chiffres seuls, sans espace ni symbole)",
    (v) => typeof v === "number" && Number.isFinite(v) && v > 0,
  );

export const positiveInteger = () =>
  field<number>(
    "positive integer",
    "un nombre entier positif (chiffres seuls, sans espace ni symbole)",
    (v) => typeof v === "number" && Number.isInteger(v) && v > 0,
  );

/** A calendar date written `AAAA-MM-JJ` (YAML may already have parsed it into a Date). */
export const isoDate = () =>
  field<string | Date>("date", "une date au format AAAA-MM-JJ (par exemple 2025-01-20)", (v) => {
    if (v instanceof Date) return !Number.isNaN(v.getTime());
    // Without quotes, YAML reads a date that gatsby-transformer-remark turns into an ISO timestamp.
    if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/.test(v)) return false;
    const day = v.slice(0, 10);
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  });

export const sitePath = () =>
  field<string>(
    "path",
    "une adresse de page commençant par « / », en minuscules et tirets (par exemple /mentions-legales)",
    (v) => typeof v === "string" && /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(v),
  );

export const oneOf = <T extends string>(values: readonly T[]) =>
  field<T>(
    "one of",
    `l'une des valeurs ${values.map((value) => `« ${value} »`).join(", ")}`,
    (v) => typeof v === "string" && (values as readonly string[]).includes(v),
  );
