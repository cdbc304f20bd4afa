// The schema field by field: each rule's exact French message (src/test-utils/quote-request-cases.ts
// holds them, as docs/product.md words them), lengths, names, phone numbers, free texts.
import { validateQuoteRequest } from "../quote-request";
import {
  valid,
  type Field,
  withField,
  errorFor,
  repeat,
  msg,
} from "../../../test-utils/quote-request-cases";

describe("validateQuoteRequest", () => {
  it("accepts a complete, valid request and returns it with no error", () => {
    expect(validateQuoteRequest(valid)).toEqual({ valid: true, request: valid, errors: {} });
  });

  describe("each rule gives its exact French message, the first failing rule winning", () => {
    it.each<[Field, string, unknown, string]>([
      ["firstName", "empty", "", msg.firstNameRequired],
      ["firstName", "only spaces", "     ", msg.firstNameRequired],
      ["firstName", "one letter", "J", msg.firstNameLength],
      // Too short and containing a digit: the length rule comes first.
      ["firstName", "one digit", "3", msg.firstNameLength],
      ["firstName", "51 letters", repeat(51), msg.firstNameLength],
      ["firstName", "51 characters with a digit", `${repeat(50)}3`, msg.firstNameLength],
      ["firstName", "a digit", "J3an", msg.firstNameCharacters],
      ["firstName", "punctuation", "Jean!", msg.firstNameCharacters],
      ["firstName", "no letter at all", "--", msg.firstNameCharacters],
      ["lastName", "empty", "", msg.lastNameRequired],
      ["lastName", "only spaces", "   ", msg.lastNameRequired],
      ["lastName", "one letter", "D", msg.lastNameLength],
      ["lastName", "51 letters", repeat(51), msg.lastNameLength],
      ["lastName", "a digit", "Dup0nt", msg.lastNameCharacters],
      ["lastName", "an @", "Du@pont", msg.lastNameCharacters],
      ["email", "empty", "", msg.emailRequired],
      ["email", "only spaces", "  ", msg.emailRequired],
      ["email", "no @", "jean", msg.emailFormat],
      ["email", "no local part", "@exemple.fr", msg.emailFormat],
      ["email", "a space inside", "jean dupont@exemple.fr", msg.emailFormat],
      ["email", "no dot in the domain", "jean@localhost", msg.emailStandard],
      ["email", "a one-letter tld", "jean@exemple.f", msg.emailStandard],
      ["email", "a numeric tld", "jean@exemple.123", msg.emailStandard],
      ["phone", "empty", "", msg.phoneRequired],
      ["phone", "only spaces", "  ", msg.phoneRequired],
      ["phone", "letters", "abc", msg.phoneFormat],
      ["company", "empty", "", msg.companyRequired],
      ["company", "only spaces", "   ", msg.companyRequired],
      ["company", "one character", "A", msg.companyLength],
      ["company", "101 characters", repeat(101), msg.companyLength],
      ["message", "empty", "", msg.messageRequired],
      ["message", "only spaces", "      ", msg.messageRequired],
      ["message", "19 characters", repeat(19), msg.messageTooShort],
      [
        "message",
        "19 characters padded to 25 with spaces",
        `   ${repeat(19)}   `,
        msg.messageTooShort,
      ],
      ["message", "1001 characters", repeat(1001), msg.messageTooLong],
      ["rgpd", "false", false, msg.rgpdRequired],
      // Two characters, but not two letters.
      ["firstName", "a letter and a combining mark", "J\u0301", msg.firstNameLength],
      ["firstName", "a letter and a hyphen", "J-", msg.firstNameLength],
      ["lastName", "one letter and two accents", "a\u0301\u0301", msg.lastNameLength],
      ["lastName", "one letter and an apostrophe", "’D", msg.lastNameLength],
      // Characters that hide or reorder what is read, in every text field.
      ["firstName", "a right-to-left override", "Jean\u202eeuq", msg.firstNameCharacters],
      ["firstName", "a NUL character", "Je\u0000an", msg.firstNameCharacters],
      ["lastName", "a zero-width space", "Du\u200bpont", msg.lastNameCharacters],
      ["lastName", "a first-strong isolate", "Dupont\u2068", msg.lastNameCharacters],
      ["email", "a zero-width joiner", "jean\u200d@exemple.fr", msg.emailFormat],
      ["email", "a left-to-right embedding", "jean@exemple\u202a.fr", msg.emailFormat],
      ["email", "an escape character", "jean\u001b@exemple.fr", msg.emailFormat],
      ["phone", "a left-to-right isolate", "\u206601 23 45 67 89", msg.phoneFormat],
      ["phone", "a zero-width space", "01 23\u200b45 67 89", msg.phoneFormat],
      ["company", "a NUL character", "Office\u0000HLM", msg.companyInvisible],
      ["company", "a right-to-left override", "Office HLM \u202eedutse", msg.companyInvisible],
      ["company", "a pop directional isolate", "Office HLM\u2069 de Lyon", msg.companyInvisible],
      ["company", "a zero-width space", "Office\u200bHLM", msg.companyInvisible],
      ["company", "a word joiner", "Office\u2060HLM", msg.companyInvisible],
      ["company", "a byte order mark inside", "Office\ufeffHLM", msg.companyInvisible],
      ["company", "a line break", "Office\nHLM", msg.companyInvisible],
      ["company", "a right-to-left mark, one character long", "\u200f", msg.companyInvisible],
      ["message", "a bell", `${repeat(20)}\u0007`, msg.messageInvisible],
      ["message", "a delete character", `${repeat(10)}\u007f${repeat(10)}`, msg.messageInvisible],
      ["message", "a C1 control", `${repeat(10)}\u0085${repeat(10)}`, msg.messageInvisible],
      [
        "message",
        "a right-to-left override",
        `${repeat(10)}\u202e${repeat(10)}`,
        msg.messageInvisible,
      ],
      [
        "message",
        "a right-to-left isolate",
        `${repeat(10)}\u2067${repeat(10)}`,
        msg.messageInvisible,
      ],
      [
        "message",
        "a zero-width non-joiner",
        `${repeat(10)}\u200c${repeat(10)}`,
        msg.messageInvisible,
      ],
      // An email's local part is at most 64 characters (RFC 5321).
      ["email", "65 characters before the @", `${repeat(65)}@exemple.fr`, msg.emailFormat],
      // Saint-Pierre-et-Miquelon's numbers have six digits (docs/product.md, "Decisions").
      ["phone", "+508 with nine digits", "+508 412 345 678", msg.phoneFormat],
      ["phone", "+508 with five digits", "+508 41 23 4", msg.phoneFormat],
      ["phone", "+508 with seven digits", "+508 41 23 456", msg.phoneFormat],
      ["rgpd", "the string 'true'", "true", msg.rgpdRequired],
      ["rgpd", "missing", undefined, msg.rgpdRequired],
    ])("%s, %s → its message", (field, _case, value, message) => {
      const result = validateQuoteRequest(withField(field, value));
      expect(result.valid).toBe(false);
      // Only the broken field reports an error.
      expect(result.errors).toEqual({ [field]: message });
    });
  });

  describe("lengths count characters after trimming", () => {
    it.each<[Field, string]>([
      ["firstName", "  Jo  "],
      ["firstName", repeat(50)],
      ["lastName", ` ${repeat(50)} `],
      ["company", "AB"],
      ["company", `  ${repeat(100)}  `],
      ["message", repeat(20)],
      ["message", `\n${repeat(1000)}\n`],
      // A decomposed "é" (e + combining accent) counts as one character.
      ["firstName", "Zoe\u0301"],
      ["message", `${"é".repeat(1000)}`],
    ])("%s %j passes", (field, value) => {
      expect(errorFor(field, value)).toBeUndefined();
    });
  });

  describe("names of any alphabet with accents, hyphens and apostrophes pass", () => {
    it.each([
      "Zoé",
      "Jean-Pierre",
      "O'Connor",
      "N’Diaye",
      "Łukasz",
      "Ἀλέξανδρος",
      "Marie Anne",
      // A no-break space (as French word processors put in names) counts as a space.
      "Marie\u00a0Anne",
      "Jean\u202fPierre",
      "Lê",
      "Ng",
    ])("%s", (name) => {
      const result = validateQuoteRequest({ ...valid, firstName: name, lastName: name });
      expect(result.errors).toEqual({});
      expect(result.valid).toBe(true);
    });
  });

  describe("phone numbers that must pass (docs/product.md)", () => {
    it.each([
      "01 23 45 67 89",
      "0123456789",
      "+33 1 23 45 67 89",
      "+33123456789",
      "0033 1 23 45 67 89",
      "06.12.34.56.78",
      "06-12-34-56-78",
      "01 23 456 789",
      "+33 6 12 345 678",
      "+262 692 12 34 56",
      "+596 696 12 34 56",
      "00590 590 12 34 56",
      "+508 41 23 45",
      "00508 55 12 34",
      "+508412345",
      "+508 41.23.45",
      "  01 23 45 67 89  ",
    ])("%j passes", (phone) => {
      expect(errorFor("phone", phone)).toBeUndefined();
    });
  });

  describe("phone numbers that must fail (docs/product.md)", () => {
    it.each([
      "00 23 45 67 89",
      "+33 0 23 45 67 89",
      "123456789",
      "01 23 45 67 8",
      "01 23 45 67 890",
      "+44 1 23 45 67 89",
      "01  23 45 67 89",
      "+33 (0)1 23 45 67 89",
      "abc",
    ])("%j fails with the French-number message", (phone) => {
      expect(errorFor("phone", phone)).toBe(msg.phoneFormat);
    });
  });

  describe("what the free texts and the email keep", () => {
    it.each<[Field, string]>([
      ["message", "Première ligne du besoin,\r\nseconde ligne\tavec une tabulation."],
      ["message", "Dossiers « urgents » : 120 ; délai : 48 h ; montant moyen : 2 400 €."],
      ["company", "Office public de l'habitat — Métropole (OPH)"],
      ["email", `${repeat(64)}@exemple.fr`],
    ])("%s %j passes", (field, value) => {
      expect(errorFor(field, value)).toBeUndefined();
    });
  });
});
