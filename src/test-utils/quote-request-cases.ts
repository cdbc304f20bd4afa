// The quote request's valid form and its exact French messages, shared by the schema's tests
// (src/shared/quote-request/__tests__/). The contract is docs/product.md ("The quote form"):
// messages are written out here, not imported, so that a change of wording in the code is caught.
import { validateQuoteRequest } from "../shared/quote-request/quote-request";

export const valid = {
  firstName: "Jean",
  lastName: "Dupont",
  email: "jean.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: "Office HLM de Lyon",
  message: "Nous souhaitons un devis pour 300 dossiers d'impayés.",
  rgpd: true,
};

export type Field = keyof typeof valid;

export const withField = (field: Field, value: unknown) => ({ ...valid, [field]: value });

export function errorFor(field: Field, value: unknown): string | undefined {
  return validateQuoteRequest(withField(field, value)).errors[field];
}

export const repeat = (count: number) => "a".repeat(count);

export const msg = {
  firstNameRequired: "Le prénom est requis",
  firstNameLength: "Le prénom doit contenir entre 2 et 50 caractères",
  firstNameCharacters:
    "Le prénom ne peut contenir que des lettres, des espaces, des tirets et des apostrophes",
  lastNameRequired: "Le nom est requis",
  lastNameLength: "Le nom doit contenir entre 2 et 50 caractères",
  lastNameCharacters:
    "Le nom ne peut contenir que des lettres, des espaces, des tirets et des apostrophes",
  emailRequired: "L'email est requis",
  emailFormat: "Format d'email invalide",
  emailStandard: "Veuillez saisir un email professionnel valide",
  phoneRequired: "Le téléphone est requis",
  phoneFormat: "Format de téléphone français invalide (ex: 01 23 45 67 89 ou +33 1 23 45 67 89)",
  companyRequired: "Le nom de l'organisme est requis",
  companyLength: "Le nom de l'organisme doit contenir entre 2 et 100 caractères",
  companyInvisible: "Le nom de l'organisme contient un caractère invisible ou de contrôle",
  messageRequired: "La description de vos besoins est requise",
  messageTooShort: "Veuillez détailler davantage vos besoins (minimum 20 caractères)",
  messageTooLong: "La description ne peut pas dépasser 1000 caractères",
  messageInvisible: "La description contient un caractère invisible ou de contrôle",
  rgpdRequired: "Vous devez accepter d'être recontacté pour envoyer votre demande",
} as const;
