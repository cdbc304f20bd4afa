import { define, optional, type Struct } from "superstruct";
import type { TextPattern } from "./patterns";
import { readParisTime } from "./paris-time";
import { placeholderPattern } from "./placeholder";

// Field types whose failure messages speak to the marketing person who edited the file:
// they say what was expected and what was found, in French. Each type also records its
// constraints (`constraintsOf`), from which the admin's form is made (src/cms/model-fields.ts).

export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return "rien (champ absent ou vide)";
  if (typeof value === "string") return `le texte « ${value} »`;
  if (typeof value === "number") return `le nombre ${value}`;
  if (typeof value === "boolean") return `la valeur ${value ? "vrai" : "faux"}`;
  if (value instanceof Date) return `la date ${value.toISOString().slice(0, 10)}`;
  if (Array.isArray(value)) return `une liste de ${value.length} élément(s)`;
  return "un groupe de champs";
}

/** What a field accepts, in terms a form can enforce too. */
export type FieldConstraints =
  | { kind: "text" }
  // `pattern` holds the whole value; `expected` says in French what it asks for.
  | { kind: "text"; pattern: RegExp; expected: string }
  | { kind: "number"; integer: boolean; min: number; max?: number }
  | { kind: "date" }
  // A date and time of Paris (paris-time.ts), saved as `AAAA-MM-JJ HH:MM`.
  | { kind: "datetime" }
  | { kind: "choice"; options: readonly string[] };

const constraints = new WeakMap<object, FieldConstraints>();

/** The constraints of a field made by this module; undefined for lists and groups. */
export function constraintsOf(struct: Struct<unknown, unknown>): FieldConstraints | undefined {
  return constraints.get(struct);
}

function field<T>(
  name: string,
  expected: string,
  rules: FieldConstraints,
  accepts: (value: unknown) => boolean,
): Struct<T, null> {
  const struct = define<T>(
    name,
    (value) => accepts(value) || `attendu ${expected}, trouvé ${describeValue(value)}`,
  );
  constraints.set(struct, rules);
  return struct;
}

const isText = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

export const text = () => field<string>("text", "un texte non vide", { kind: "text" }, isText);

/** The whole value must match the pattern; with `orPlaceholder`, a placeholder may stand in. */
export function wholeValue({ pattern }: TextPattern, orPlaceholder: boolean): RegExp {
  const alternatives = orPlaceholder
    ? `${pattern.source}|${placeholderPattern.source}`
    : pattern.source;
  return new RegExp(`^(?:${alternatives})$`);
}

/** A text of a given shape, such as a page address. */
export const patternText = (shape: TextPattern) => {
  const whole = wholeValue(shape, false);
  const rules = { kind: "text", pattern: whole, expected: shape.expected } as const;
  return field<string>("pattern", shape.expected, rules, (v) => {
    return typeof v === "string" && whole.test(v);
  });
};

const relativeFiles = new WeakSet<object>();

/**
 * A file of `content/` named by its path relative to the Markdown file, such as the hero's
 * picture: the GraphQL schema resolves it to the file itself (`@fileByRelativePath`).
 */
export const relativeFile = (shape: TextPattern) => {
  const struct = patternText(shape);
  relativeFiles.add(struct);
  return struct;
};

export const isRelativeFile = (struct: Struct<unknown, unknown>) => relativeFiles.has(struct);

/**
 * A text of a given shape, such as a phone number, for which a `[À COMPLÉTER : …]` placeholder
 * may stand in until the company gives it: the build lists it, and a strict build refuses it.
 */
export const patternTextOrPlaceholder = (shape: TextPattern) => {
  const whole = wholeValue(shape, true);
  const rules = { kind: "text", pattern: whole, expected: shape.expected } as const;
  return field<string>("detail", shape.expected, rules, (v) => {
    return isText(v) && whole.test(v.trim());
  });
};

const numberField = (
  name: string,
  expected: string,
  rules: FieldConstraints & { kind: "number" },
) =>
  field<number>(
    name,
    expected,
    rules,
    (v) =>
      typeof v === "number" &&
      Number.isFinite(v) &&
      (!rules.integer || Number.isInteger(v)) &&
      v >= rules.min &&
      (rules.max === undefined || v <= rules.max),
  );

export const percentage = () =>
  numberField("percentage", "un pourcentage entre 0 et 100 (un nombre seul, sans le signe %)", {
    kind: "number",
    integer: false,
    min: 0,
    max: 100,
  });

export const positiveNumber = () =>
  numberField(
    "positive number",
    "un nombre d'au moins 1 (chiffres seuls, sans espace ni symbole)",
    { kind: "number", integer: false, min: 1 },
  );

export const positiveInteger = () =>
  numberField(
    "positive integer",
    "un nombre entier positif (chiffres seuls, sans espace ni symbole)",
    { kind: "number", integer: true, min: 1 },
  );

/** A calendar date written `AAAA-MM-JJ` (YAML may already have parsed it into a Date). */
export const isoDate = () =>
  field<string | Date>(
    "date",
    "une date au format AAAA-MM-JJ (par exemple 2025-01-20)",
    { kind: "date" },
    (v) => {
      if (v instanceof Date) return !Number.isNaN(v.getTime());
      // Without quotes, YAML reads a date that gatsby-transformer-remark turns into an ISO
      // timestamp.
      if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/.test(v)) {
        return false;
      }
      const day = v.slice(0, 10);
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    },
  );

/**
 * A date and time of Paris (`2026-03-01 00:00`, or `2026-10-25 02:30 +02:00` where the autumn
 * hour happens twice): its message says why a time names no instant, and the fix.
 */
export const parisDateTime = () => {
  const struct = define<string>("paris time", (value) => {
    const read = readParisTime(value);
    return "instant" in read || read.problem;
  });
  constraints.set(struct, { kind: "datetime" });
  return struct;
};

export const oneOf = <T extends string>(values: readonly T[]) =>
  field<T>(
    "one of",
    `l'une des valeurs ${values.map((value) => `« ${value} »`).join(", ")}`,
    { kind: "choice", options: values },
    (v) => typeof v === "string" && (values as readonly string[]).includes(v),
  );

const graphqlTypeNames = new WeakMap<object, string>();

/**
 * Gives a group of fields a GraphQL type name of its own, for a group used in several places that
 * a query reads through one fragment (`fragment LandingItem on LandingItem`). Other groups are
 * named after where they stand (`LandingCopyHero`): see src/build/schema.ts.
 */
export function graphqlType<T extends object>(name: string, struct: T): T {
  graphqlTypeNames.set(struct, name);
  return struct;
}

export function graphqlTypeOf(struct: object): string | undefined {
  return graphqlTypeNames.get(struct);
}

/**
 * A field a file may leave out (an audit's date before any audit): same rules when given. The
 * wrapper superstruct makes is a new struct, so it carries the field's constraints too.
 */
export function optionalField<T>(struct: Struct<T, null>): Struct<T | undefined, null> {
  const wrapped = optional(struct);
  const rules = constraints.get(struct);
  if (rules) constraints.set(wrapped, rules);
  return wrapped;
}
