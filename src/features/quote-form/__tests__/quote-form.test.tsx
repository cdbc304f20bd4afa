// The form as a visitor uses it before sending: its state before anything is typed, and the
// errors shown as fields are left or filled wrongly. Sending: quote-form.sending.test.tsx.
import { screen, within } from "@testing-library/react";
import {
  consent,
  control,
  expectFieldError,
  expectNoFieldError,
  field,
  fieldsInError,
  requiredMessages,
  setup,
  submitButton,
  type TextField,
  fakeFetch,
} from "../../../test-utils/quote-form-harness";

fakeFetch();

describe("before anything is typed", () => {
  it("has its submit button disabled, with a hint saying how many fields remain", () => {
    setup();
    const hint = "Encore 7 champs à compléter correctement pour envoyer votre demande.";
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(submitButton()).toHaveAccessibleDescription(hint);
  });

  it("shows no error", () => {
    setup();
    for (const [name, message] of requiredMessages) {
      expectNoFieldError(control(name));
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    }
  });

  it("tells who collects the data, why, for how long, and where to use one's rights", () => {
    setup();
    const form = screen.getByRole("form", { name: "Demande de devis" });
    const notice = within(form).getByText(/Hestia Recouvrement traite ces informations/);
    expect(notice).toHaveTextContent("sur la base de votre consentement");
    expect(notice).toHaveTextContent("conservées trois ans");
    expect(within(form).getByRole("link", { name: "donnees@exemple.fr" })).toHaveAttribute(
      "href",
      "mailto:donnees@exemple.fr",
    );
    expect(within(form).getByText(/réclamation à la CNIL/)).toBeInTheDocument();
  });

  it("has a field for robots that people neither see, reach nor hear", async () => {
    const user = setup();
    // In the document (a robot reading the HTML finds it), out of the accessibility tree.
    const trap = screen.getByLabelText("Site web");
    expect(screen.queryByRole("textbox", { name: "Site web" })).not.toBeInTheDocument();
    expect(trap).toHaveAttribute("tabindex", "-1");
    expect(trap).toHaveAttribute("autocomplete", "off");
    // Tabbing through the whole form never lands on it.
    for (let step = 0; step < 12; step += 1) {
      await user.tab();
      expect(trap).not.toHaveFocus();
    }
  });

  it("is a POST form, so that nothing typed ends up in a URL", () => {
    setup();
    expect(screen.getByRole("form", { name: "Demande de devis" })).toHaveAttribute(
      "method",
      "post",
    );
  });

  it.each<[TextField, string]>([
    ["firstName", "given-name"],
    ["lastName", "family-name"],
    ["email", "email"],
    ["phone", "tel"],
    ["company", "organization"],
  ])("lets the browser fill %s (autocomplete=%s)", (name, autocomplete) => {
    setup();
    expect(field(name)).toHaveAttribute("autocomplete", autocomplete);
  });
});

describe("inline errors", () => {
  it.each(requiredMessages)(
    "%s: typing then clearing shows its required message under it",
    async (name, message) => {
      const user = setup();
      if (name === "rgpd") {
        await user.click(consent());
        await user.click(consent());
      } else {
        await user.type(field(name), "x");
        await user.clear(field(name));
      }
      expectFieldError(control(name), message);
      // Only this field is in error: the others are untouched.
      expect(fieldsInError()).toHaveLength(name === "rgpd" ? 0 : 1);
    },
  );

  it.each(requiredMessages)(
    "%s: leaving it empty shows its required message",
    async (name, message) => {
      const user = setup();
      if (name === "rgpd") {
        // Reached with the keyboard: a click would check it.
        await user.click(field("message"));
        await user.tab();
        expect(consent()).toHaveFocus();
      } else {
        await user.click(field(name));
      }
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await user.tab();
      expectFieldError(control(name), message);
    },
  );

  it.each<[TextField, string, string, string]>([
    ["firstName", "J", "Le prénom doit contenir entre 2 et 50 caractères", "ean"],
    [
      "lastName",
      "Dup0",
      "Le nom ne peut contenir que des lettres, des espaces, des tirets et des apostrophes",
      "{Backspace}ont",
    ],
    ["email", "jean", "Format d'email invalide", "@exemple.fr"],
    [
      "phone",
      "01 23",
      "Format de téléphone français invalide (ex: 01 23 45 67 89 ou +33 1 23 45 67 89)",
      " 45 67 89",
    ],
    ["company", "A", "Le nom de l'organisme doit contenir entre 2 et 100 caractères", "B"],
    [
      "message",
      "Trop court",
      "Veuillez détailler davantage vos besoins (minimum 20 caractères)",
      " pour un devis, merci.",
    ],
  ])("%s: %j shows %j, and fixing it removes the error", async (name, typed, message, fix) => {
    const user = setup();
    await user.type(field(name), typed);
    expectFieldError(field(name), message);

    await user.type(field(name), fix);
    expectNoFieldError(field(name));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it("shows the standard-pattern message once the format is right", async () => {
    const user = setup();
    await user.type(field("email"), "jean");
    expectFieldError(field("email"), "Format d'email invalide");
    await user.type(field("email"), "@localhost");
    expectFieldError(field("email"), "Veuillez saisir un email professionnel valide");
  });

  it("checking the consent removes its error", async () => {
    const user = setup();
    await user.click(consent());
    await user.click(consent());
    expectFieldError(consent(), "Vous devez accepter d'être recontacté pour envoyer votre demande");
    await user.click(consent());
    expectNoFieldError(consent());
  });
});
