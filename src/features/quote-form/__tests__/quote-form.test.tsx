import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import React from "react";
import { jsonResponse } from "../../../test-utils/fake-response";
import { renderWithProviders } from "../../../test-utils/render-with-providers";
import QuoteForm from "../quote-form";

// The form as a visitor uses it, with the network faked at the fetch level (jsdom has no fetch):
// what is asserted is what the visitor sees and the request the API receives.

const successMessage =
  "Votre demande a été envoyée avec succès ! Nous vous recontacterons sous 24h.";
const consentName = /J'accepte d'être recontacté\(e\) par téléphone et par email/;

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let fetchMock: jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>;

beforeEach(() => {
  fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>(() =>
    Promise.resolve(jsonResponse(201, { id: "lead-1" })),
  );
  globalThis.fetch = fetchMock;
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, "fetch");
});

function sentRequest(index = 0) {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return {
    url,
    method: init?.method,
    body: JSON.parse(String(init?.body)) as unknown,
    idempotencyKey: new Headers(init?.headers).get("Idempotency-Key"),
  };
}

const privacy = { controller: "Hestia Recouvrement", email: "donnees@exemple.fr" };

function setup() {
  // No pause between keystrokes: the form reacts to each change the same way, only faster.
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <QuoteForm replyHours={24} privacyPolicyPath="/vie-privee" privacy={privacy} />,
  );
  return user;
}

const textFields = {
  firstName: "Prénom",
  lastName: "Nom",
  email: "Email professionnel",
  phone: "Téléphone",
  company: "Organisme",
  message: "Décrivez vos besoins",
} as const;

type TextField = keyof typeof textFields;

const validInput: Record<TextField, string> = {
  firstName: "  Jean ",
  lastName: "Dupont",
  email: "jean.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: " Office HLM de Lyon ",
  message: "Nous souhaitons un devis pour 300 dossiers.  ",
};

const trimmedRequest = {
  firstName: "Jean",
  lastName: "Dupont",
  email: "jean.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: "Office HLM de Lyon",
  message: "Nous souhaitons un devis pour 300 dossiers.",
  rgpd: true,
};

const field = (name: TextField) => screen.getByLabelText(textFields[name]);
const consent = () => screen.getByRole("checkbox", { name: consentName });
const submitButton = () => screen.getByRole("button", { name: "Envoyer ma demande" });

async function fillValidForm(user: UserEvent) {
  for (const [name, value] of Object.entries(validInput) as [TextField, string][]) {
    await user.type(field(name), value);
  }
  await user.click(consent());
}

const requiredMessages: [TextField | "rgpd", string][] = [
  ["firstName", "Le prénom est requis"],
  ["lastName", "Le nom est requis"],
  ["email", "L'email est requis"],
  ["phone", "Le téléphone est requis"],
  ["company", "Le nom de l'organisme est requis"],
  ["message", "La description de vos besoins est requise"],
  ["rgpd", "Vous devez accepter d'être recontacté pour envoyer votre demande"],
];

const control = (name: TextField | "rgpd") => (name === "rgpd" ? consent() : field(name));

/** The field shows `message` as its error, tied to it for assistive technologies. */
function expectFieldError(element: HTMLElement, message: string) {
  expect(element).toHaveAttribute("aria-invalid", "true");
  expect(element).toHaveAccessibleDescription(message);
  // The visible message is the element the field points at.
  expect(screen.getByText(message)).toHaveAttribute("id", element.getAttribute("aria-describedby"));
}

/** The text fields a visitor is told are in error. */
const fieldsInError = () =>
  screen
    .queryAllByRole("textbox")
    .filter((element) => element.getAttribute("aria-invalid") === "true");

function expectNoFieldError(element: HTMLElement) {
  expect(element).toHaveAttribute("aria-invalid", "false");
  expect(element).not.toHaveAttribute("aria-describedby");
}

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

describe("sending", () => {
  it("enables the button once every field is valid, and the hint goes", async () => {
    const user = setup();
    await fillValidForm(user);
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByText(/Encore \d+ champs? à compléter/)).not.toBeInTheDocument();
    expect(fieldsInError()).toHaveLength(0);
  });

  it("counts the fields left to fix in the hint", async () => {
    const user = setup();
    await fillValidForm(user);
    await user.clear(field("phone"));
    expect(
      screen.getByText("Encore 1 champ à compléter correctement pour envoyer votre demande."),
    ).toBeInTheDocument();
    await user.clear(field("company"));
    expect(
      screen.getByText("Encore 2 champs à compléter correctement pour envoyer votre demande."),
    ).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it("shows 'Envoi en cours...' on a disabled button while the request is pending", async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValue(answer.promise);
    const user = setup();
    await fillValidForm(user);

    await user.click(submitButton());

    const pending = screen.getByRole("button", { name: "Envoi en cours..." });
    expect(pending).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Envoyer ma demande" })).not.toBeInTheDocument();

    await act(async () => answer.resolve(jsonResponse(201, { id: "lead-1" })));
    expect(await within(screen.getByRole("status")).findByText(successMessage)).toBeInTheDocument();
  });

  it("takes no edit while the request is pending, so what is sent is what was shown", async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValue(answer.promise);
    const user = setup();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(field("firstName")).toHaveAttribute("readonly");
    await user.type(field("firstName"), "xyz");
    await user.click(consent());
    expect(field("firstName")).toHaveValue(validInput.firstName);
    expect(consent()).toBeChecked();

    await act(async () => answer.resolve(jsonResponse(500, {})));
    await waitFor(() => expect(field("firstName")).not.toHaveAttribute("readonly"));
  });

  it("moves keyboard focus to the confirmation after a success", async () => {
    const user = setup();
    await fillValidForm(user);
    await user.click(submitButton());
    const banner = await within(screen.getByRole("status")).findByText(successMessage);
    await waitFor(() => expect(banner).toHaveFocus());
  });

  it("gives keyboard focus back to the button after a failure", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(500, {})));
    const user = setup();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole("alert");
    await waitFor(() => expect(submitButton()).toHaveFocus());
  });

  it("POSTs the trimmed values as JSON to /api/contact with an Idempotency-Key", async () => {
    const user = setup();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByText(successMessage);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = sentRequest();
    expect(request).toEqual({
      url: "/api/contact",
      method: "POST",
      body: trimmedRequest,
      idempotencyKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get("Content-Type")).toBe(
      "application/json",
    );
  });

  it("sends how long the form took and a filled robot field as headers, the body unchanged", async () => {
    const user = setup();
    await fillValidForm(user);
    // What a robot that fills every input does; a person cannot reach the field.
    fireEvent.change(screen.getByLabelText("Site web"), {
      target: { value: "https://spam.example/é" },
    });
    await user.click(submitButton());
    await screen.findByText(successMessage);

    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(Number(headers.get("Quote-Form-Elapsed"))).toBeGreaterThanOrEqual(0);
    expect(headers.get("Quote-Form-Website")).toBe(encodeURIComponent("https://spam.example/é"));
    expect(sentRequest().body).toEqual(trimmedRequest);
  });

  it("on success, announces the confirmation and empties the form", async () => {
    const user = setup();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await within(screen.getByRole("status")).findByText(successMessage)).toBeInTheDocument();
    for (const name of Object.keys(textFields) as TextField[]) {
      expect(field(name)).toHaveValue("");
      // A fresh form: no field is shown in error after the reset.
      expectNoFieldError(field(name));
    }
    expect(consent()).not.toBeChecked();
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    // The confirmation stands alone: no "fields left" hint above it until a new request starts.
    expect(screen.queryByText(/champs? à compléter/)).not.toBeInTheDocument();
  });

  it("hides the confirmation once the visitor starts a new request", async () => {
    const user = setup();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByText(successMessage);

    await user.type(field("firstName"), "M");
    expect(screen.queryByText(successMessage)).not.toBeInTheDocument();
    expect(screen.getByText(/champs à compléter correctement/)).toBeInTheDocument();
  });

  describe("on failure", () => {
    it.each<[string, () => Promise<Response>, string]>([
      [
        "a 500 with no message",
        () => Promise.resolve(jsonResponse(500, {})),
        "Une erreur est survenue",
      ],
      [
        "a 422 with details",
        () =>
          Promise.resolve(
            jsonResponse(422, {
              messageText: "La demande contient des champs invalides",
              details: [{ field: "phone", message: "Ce numéro n'est pas joignable" }],
            }),
          ),
        "Ce numéro n'est pas joignable",
      ],
      [
        "a 503 with a messageText",
        () =>
          Promise.resolve(jsonResponse(503, { messageText: "Service momentanément indisponible" })),
        "Service momentanément indisponible",
      ],
      [
        "a network failure",
        () => Promise.reject(new TypeError("Failed to fetch")),
        "Une erreur est survenue",
      ],
    ])("after %s: toast, input kept, button back", async (_case, answer, message) => {
      fetchMock.mockImplementation(answer);
      const user = setup();
      await fillValidForm(user);
      await user.click(submitButton());

      expect(await screen.findByRole("alert")).toHaveTextContent(message);
      for (const [name, value] of Object.entries(validInput) as [TextField, string][]) {
        expect(field(name)).toHaveValue(value);
      }
      expect(consent()).toBeChecked();
      expect(submitButton()).toBeEnabled();
      expect(screen.queryByText(successMessage)).not.toBeInTheDocument();
    });

    it("retries the same content with the same Idempotency-Key, and edited content with a new one", async () => {
      fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(500, {})));
      const user = setup();
      await fillValidForm(user);

      await user.click(submitButton());
      await screen.findByRole("alert");
      await user.click(await screen.findByRole("button", { name: "Envoyer ma demande" }));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const [first, retry] = [sentRequest(0), sentRequest(1)];
      expect(first.idempotencyKey).toBeTruthy();
      expect(retry.idempotencyKey).toBe(first.idempotencyKey);
      expect(retry.body).toEqual(first.body);

      // Spaces around a value do not change the content sent: still the same request.
      await user.type(field("company"), " ");
      await user.click(await screen.findByRole("button", { name: "Envoyer ma demande" }));
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(sentRequest(2).idempotencyKey).toBe(first.idempotencyKey);
      // Fields accept edits again once the failed attempt is over.
      await waitFor(() => expect(submitButton()).toBeEnabled());

      await user.type(field("message"), " Merci.");
      fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(201, { id: "lead-1" })));
      await user.click(await screen.findByRole("button", { name: "Envoyer ma demande" }));
      await screen.findByText(successMessage);
      expect(fetchMock).toHaveBeenCalledTimes(4);
      const edited = sentRequest(3);
      expect(edited.body).toEqual({
        ...trimmedRequest,
        message: `${validInput.message} Merci.`.trim(),
      });
      expect(edited.idempotencyKey).toBeTruthy();
      expect(edited.idempotencyKey).not.toBe(first.idempotencyKey);
    });

    it("uses a new Idempotency-Key for the next request after a success", async () => {
      const user = setup();
      await fillValidForm(user);
      await user.click(submitButton());
      await screen.findByText(successMessage);

      await fillValidForm(user);
      await user.click(submitButton());
      await screen.findByText(successMessage);

      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(sentRequest(1).idempotencyKey).not.toBe(sentRequest(0).idempotencyKey);
    });
  });

  describe("one click, one request", () => {
    it.each<[string, (user: UserEvent) => Promise<void>]>([
      ["a double click", (user) => user.dblClick(submitButton())],
      [
        "Enter pressed twice in a field",
        async (user) => {
          await user.click(field("company"));
          await user.keyboard("{Enter}{Enter}");
        },
      ],
    ])("%s sends exactly one request", async (_case, submitTwice) => {
      const answer = deferred<Response>();
      fetchMock.mockReturnValue(answer.promise);
      const user = setup();
      await fillValidForm(user);

      await submitTwice(user);
      expect(screen.getByRole("button", { name: "Envoi en cours..." })).toBeDisabled();

      await act(async () => answer.resolve(jsonResponse(201, { id: "lead-1" })));
      await screen.findByText(successMessage);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});
