import {
  coerce,
  define,
  object,
  string,
  unknown,
  validate,
  type Infer,
  type StructError,
} from "superstruct";
import { email as emailShape } from "../content-model/patterns";

// The quote request, defined once: the form validates with it as the visitor types, and the
// embedded endpoint validates with it again, never trusting the browser.

export const quoteFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "message",
  "rgpd",
] as const;
export type QuoteField = (typeof quoteFields)[number];
export type QuoteTextField = Exclude<QuoteField, "rgpd">;

export const messages = {
  firstName: {
    required: "Le prénom est requis",
    length: "Le prénom doit contenir entre 2 et 50 caractères",
    characters:
      "Le prénom ne peut contenir que des lettres, des espaces, des tirets et des apostrophes",
  },
  lastName: {
    required: "Le nom est requis",
    length: "Le nom doit contenir entre 2 et 50 caractères",
    characters:
      "Le nom ne peut contenir que des lettres, des espaces, des tirets et des apostrophes",
  },
  email: {
    required: "L'email est requis",
    format: "Format d'email invalide",
    standard: "Veuillez saisir un email professionnel valide",
  },
  phone: {
    required: "Le téléphone est requis",
    format: "Format de téléphone français invalide (ex: 01 23 45 67 89 ou +33 1 23 45 67 89)",
  },
  company: {
    required: "Le nom de l'organisme est requis",
    invisible: "Le nom de l'organisme contient un caractère invisible ou de contrôle",
    length: "Le nom de l'organisme doit contenir entre 2 et 100 caractères",
  },
  message: {
    required: "La description de vos besoins est requise",
    invisible: "La description contient un caractère invisible ou de contrôle",
    tooShort: "Veuillez détailler davantage vos besoins (minimum 20 caractères)",
    tooLong: "La description ne peut pas dépasser 1000 caractères",
  },
  rgpd: { required: "Vous devez accepter d'être recontacté pour envoyer votre demande" },
} as const;

/** Trims and composes accents (NFC) so that length counts what the visitor sees. */
export function clean(value: string): string {
  return value.normalize("NFC").trim();
}

const length = (value: string) => [...value].length;

const letterCount = (value: string) => value.match(/\p{L}/gu)?.length ?? 0;

// Letters of any alphabet (with their combining marks), spaces (the no-break ones of French
// typography included), hyphens and both apostrophes, with at least one letter.
const namePattern = /^(?=.*\p{L})[\p{L}\p{M} \u00a0\u202f'’-]+$/u;

// Characters no one types and that make a text read otherwise than it is: control characters,
// the bidirectional controls (U+202A–U+202E, U+2066–U+2069, and the marks U+200E, U+200F,
// U+061C), and the zero-width ones. A message keeps its tabs and line breaks. The patterns of
// the names, the email and the phone refuse them already; the free texts check for them.
const invisible = /[\p{Cc}\p{Bidi_Control}\u200b-\u200d\u2060\ufeff]/u;
const invisibleInMessage = /(?![\t\n\r])[\p{Cc}\p{Bidi_Control}\u200b-\u200d\u2060\ufeff]/u;

// The address syntax of HTML's <input type="email"> with a local part of at most 64 characters
// (RFC 5321), then the standard `local@domain.tld` shape, the one the content model uses for
// the company's addresses.
const emailFormat =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const emailStandard = new RegExp(`^(?:${emailShape.pattern.source})$`);

// 0 or an international prefix (+33, 0033, or an overseas department's +262, +590, +594, +596),
// then the nine-digit number starting 1-9: 2-2-2-2 or 2-3-3 after the first digit, or 3-2-2-2 as
// overseas numbers are often written; one optional space, dot or hyphen between groups.
// Saint-Pierre-et-Miquelon (+508) has six-digit numbers, written 2-2-2.
const sep = "[ .-]?";
const nineDigits = `(?:[1-9](?:(?:${sep}\\d{2}){4}|${sep}\\d{2}(?:${sep}\\d{3}){2})|[1-9]\\d{2}(?:${sep}\\d{2}){3})`;
const sixDigits = `[1-9]\\d(?:${sep}\\d{2}){2}`;
const phonePattern = new RegExp(
  `^(?:(?:0|(?:\\+|00)(?:33|262|590|594|596)${sep})${nineDigits}|(?:\\+|00)508${sep}${sixDigits})$`,
);

type Rule = (value: string) => string | undefined;

function textField(rules: readonly Rule[]) {
  // Non-strings (a hostile client) count as missing; the first failing rule gives the message.
  return coerce(
    define<string>("text", (value) => {
      if (typeof value !== "string") return rules[0]?.("") ?? false;
      for (const rule of rules) {
        const message = rule(value);
        if (message) return message;
      }
      return true;
    }),
    string(),
    clean,
  );
}

function nameRules(m: (typeof messages)["firstName" | "lastName"]): Rule[] {
  return [
    (v) => (v === "" ? m.required : undefined),
    (v) => (length(v) < 2 || length(v) > 50 ? m.length : undefined),
    (v) => (namePattern.test(v) ? undefined : m.characters),
    // Two characters could be a letter and a mark, or a letter and a hyphen.
    (v) => (letterCount(v) < 2 ? m.length : undefined),
  ];
}

export const QuoteRequest = object({
  firstName: textField(nameRules(messages.firstName)),
  lastName: textField(nameRules(messages.lastName)),
  email: textField([
    (v) => (v === "" ? messages.email.required : undefined),
    (v) => (v.length <= 254 && emailFormat.test(v) ? undefined : messages.email.format),
    (v) => (emailStandard.test(v) ? undefined : messages.email.standard),
  ]),
  phone: textField([
    (v) => (v === "" ? messages.phone.required : undefined),
    (v) => (phonePattern.test(v) ? undefined : messages.phone.format),
  ]),
  company: textField([
    (v) => (v === "" ? messages.company.required : undefined),
    (v) => (invisible.test(v) ? messages.company.invisible : undefined),
    (v) => (length(v) < 2 || length(v) > 100 ? messages.company.length : undefined),
  ]),
  message: textField([
    (v) => (v === "" ? messages.message.required : undefined),
    (v) => (invisibleInMessage.test(v) ? messages.message.invisible : undefined),
    (v) => (length(v) < 20 ? messages.message.tooShort : undefined),
    (v) => (length(v) > 1000 ? messages.message.tooLong : undefined),
  ]),
  rgpd: define<true>("consent", (value) => value === true || messages.rgpd.required),
});

export type QuoteRequest = Infer<typeof QuoteRequest>;

export type FieldErrors = Partial<Record<QuoteField, string>>;

export type Validation =
  | { valid: true; request: QuoteRequest; errors: FieldErrors }
  | { valid: false; errors: FieldErrors; formError?: string };

const unexpectedFieldMessage = "Ce champ n'est pas attendu";
const notAnObjectMessage = "La demande doit être un objet JSON";

// Superstruct prints the values it rejects; a hostile object (`{"toString": 1}`) makes that
// printing throw. Only a plain object goes in, its non-primitive values replaced by null, which
// fail as the missing values they are; anything else becomes null, which fails as a whole.
// Object.fromEntries keeps a "__proto__" key a plain key.
function primitiveFields(input: unknown): Record<string, unknown> | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      typeof value === "object" || typeof value === "function" || typeof value === "symbol"
        ? null
        : value,
    ]),
  );
}

/**
 * The request as it arrives, from any client: disarmed, then cleaned and checked. The server's
 * route declares it as its body (src/server/http/routes/quote-routes.ts), validated with coercion.
 */
export const QuoteRequestBody = coerce(QuoteRequest, unknown(), primitiveFields);

/** Each field's first failing rule's message, or the form's own error; for any StructError. */
export function fieldErrorsOf(error: StructError): { errors: FieldErrors; formError?: string } {
  // A Map, not an object literal: a hostile key such as "__proto__" stays a plain key.
  const errors = new Map<string, string>();
  let formError: string | undefined;
  for (const failure of error.failures()) {
    const field = failure.path[0];
    if (typeof field !== "string") {
      formError = notAnObjectMessage;
      continue;
    }
    if (!errors.has(field)) {
      errors.set(field, failure.type === "never" ? unexpectedFieldMessage : failure.message);
    }
  }
  return { errors: Object.fromEntries(errors) as FieldErrors, formError };
}

/** Cleans and checks any input; never throws. Each field gets its first failing rule's message. */
export function validateQuoteRequest(input: unknown): Validation {
  const [error, request] = validate(input, QuoteRequestBody, { coerce: true });
  return error ? { valid: false, ...fieldErrorsOf(error) } : { valid: true, request, errors: {} };
}
