// The schema on a whole request: values given back trimmed, every broken field reported at
// once, and hostile input answered with messages, never an exception.
import { validateQuoteRequest } from "../quote-request";
import { valid, type Field, withField, msg } from "../../../test-utils/quote-request-cases";

describe("validateQuoteRequest", () => {
  it("returns every value trimmed in the validated request", () => {
    const result = validateQuoteRequest({
      firstName: "  Jean ",
      lastName: "\tDupont\n",
      email: " jean.dupont@office-hlm.fr ",
      phone: " 06 12 34 56 78 ",
      company: "  Office HLM de Lyon  ",
      message: "  Nous souhaitons un devis pour 300 dossiers.  ",
      rgpd: true,
    });
    expect(result).toEqual({
      valid: true,
      errors: {},
      request: {
        firstName: "Jean",
        lastName: "Dupont",
        email: "jean.dupont@office-hlm.fr",
        phone: "06 12 34 56 78",
        company: "Office HLM de Lyon",
        message: "Nous souhaitons un devis pour 300 dossiers.",
        rgpd: true,
      },
    });
  });

  it("reports every broken field at once, each with its own first message", () => {
    expect(
      validateQuoteRequest({
        firstName: "",
        lastName: "D",
        email: "jean",
        phone: "123",
        company: "A",
        message: "trop court",
        rgpd: false,
      }).errors,
    ).toEqual({
      firstName: msg.firstNameRequired,
      lastName: msg.lastNameLength,
      email: msg.emailFormat,
      phone: msg.phoneFormat,
      company: msg.companyLength,
      message: msg.messageTooShort,
      rgpd: msg.rgpdRequired,
    });
  });

  describe("hostile input gives messages and never throws", () => {
    it.each<[string, unknown]>([
      ["null", null],
      ["undefined", undefined],
      ["an array", [valid]],
      ["a string", JSON.stringify(valid)],
      ["a number", 42],
    ])("%s is rejected as a whole", (_case, input) => {
      const result = validateQuoteRequest(input);
      expect(result.valid).toBe(false);
      expect(result).toHaveProperty("formError", "La demande doit être un objet JSON");
    });

    it.each<[Field, unknown, string]>([
      ["firstName", 42, msg.firstNameRequired],
      ["lastName", null, msg.lastNameRequired],
      ["email", ["jean@exemple.fr"], msg.emailRequired],
      ["phone", 123456789, msg.phoneRequired],
      ["company", { name: "Office HLM" }, msg.companyRequired],
      ["message", true, msg.messageRequired],
      ["rgpd", 1, msg.rgpdRequired],
    ])("%s given %j counts as missing", (field, value, message) => {
      expect(validateQuoteRequest(withField(field, value)).errors).toEqual({ [field]: message });
    });

    it("rejects an empty object with the required message of every field", () => {
      expect(validateQuoteRequest({}).errors).toEqual({
        firstName: msg.firstNameRequired,
        lastName: msg.lastNameRequired,
        email: msg.emailRequired,
        phone: msg.phoneRequired,
        company: msg.companyRequired,
        message: msg.messageRequired,
        rgpd: msg.rgpdRequired,
      });
    });

    it("rejects an extra field with a message naming it", () => {
      const result = validateQuoteRequest({ ...valid, isAdmin: true });
      expect(result.valid).toBe(false);
      expect(result.errors).toEqual({ isAdmin: "Ce champ n'est pas attendu" });
    });

    it("rejects a __proto__ key without polluting any prototype", () => {
      const input: unknown = JSON.parse(
        JSON.stringify(valid).replace("{", '{"__proto__":{"polluted":true},'),
      );
      const result = validateQuoteRequest(input);
      expect(result.valid).toBe(false);
      expect(Object.entries(result.errors)).toEqual([["__proto__", "Ce champ n'est pas attendu"]]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getPrototypeOf(result.errors)).toBe(Object.prototype);
    });

    // Superstruct prints the values it rejects, and printing a value with no string form throws;
    // plain JSON can carry one ({"toString": 1}), and the endpoint must still answer 422.
    it.each([
      '{"firstName":{"toString":1}}',
      '{"email":[{"toString":1}]}',
      '{"isAdmin":{"toString":1}}',
      '[{"toString":1}]',
    ])("JSON body %s gives messages instead of throwing", (body) => {
      const result = validateQuoteRequest(JSON.parse(body));
      expect(result.valid).toBe(false);
    });

    it("does not change the object it is given", () => {
      const input = { ...valid, firstName: "  Jean  " };
      validateQuoteRequest(input);
      expect(input.firstName).toBe("  Jean  ");
    });
  });
});
