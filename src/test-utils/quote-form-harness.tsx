// The quote form as its component tests drive it: rendered with its providers, fetch faked
// (jsdom has none), the visitor's fields and the messages the form shows
// (src/features/quote-form/__tests__/).
import { screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import React from "react";
import QuoteForm from "../features/quote-form/quote-form";
import { jsonResponse } from "./fake-response";
import { renderWithProviders } from "./render-with-providers";

export type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>;
let current: FetchMock | undefined;

/** Fakes fetch for every test of the calling file; each call answers 201 unless told otherwise. */
export function fakeFetch(): void {
  beforeEach(() => {
    current = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>(() =>
      Promise.resolve(jsonResponse(201, { id: "lead-1" })),
    );
    globalThis.fetch = current;
  });
  afterEach(() => {
    current = undefined;
    Reflect.deleteProperty(globalThis, "fetch");
  });
}

/** The current test's fake fetch. */
export function fetchMock(): FetchMock {
  if (!current) throw new Error("fetch is not faked here: call fakeFetch() in the test file");
  return current;
}

export const successMessage =
  "Votre demande a été envoyée avec succès ! Nous vous recontacterons sous 24h.";
export const consentName = /J'accepte d'être recontacté\(e\) par téléphone et par email/;

export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function sentRequest(index = 0) {
  const [url, init] = fetchMock().mock.calls[index] ?? [];
  return {
    url,
    method: init?.method,
    body: JSON.parse(String(init?.body)) as unknown,
    idempotencyKey: new Headers(init?.headers).get("Idempotency-Key"),
  };
}

export const privacy = { controller: "Hestia Recouvrement", email: "donnees@exemple.fr" };

export function setup() {
  // No pause between keystrokes: the form reacts to each change the same way, only faster.
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <QuoteForm replyHours={24} privacyPolicyPath="/vie-privee" privacy={privacy} />,
  );
  return user;
}

export const textFields = {
  firstName: "Prénom",
  lastName: "Nom",
  email: "Email professionnel",
  phone: "Téléphone",
  company: "Organisme",
  message: "Décrivez vos besoins",
} as const;

export type TextField = keyof typeof textFields;

export const validInput: Record<TextField, string> = {
  firstName: "  Jean ",
  lastName: "Dupont",
  email: "jean.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: " Office HLM de Lyon ",
  message: "Nous souhaitons un devis pour 300 dossiers.  ",
};

export const trimmedRequest = {
  firstName: "Jean",
  lastName: "Dupont",
  email: "jean.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: "Office HLM de Lyon",
  message: "Nous souhaitons un devis pour 300 dossiers.",
  rgpd: true,
};

export const field = (name: TextField) => screen.getByLabelText(textFields[name]);
export const consent = () => screen.getByRole("checkbox", { name: consentName });
export const submitButton = () => screen.getByRole("button", { name: "Envoyer ma demande" });

export async function fillValidForm(user: UserEvent) {
  for (const [name, value] of Object.entries(validInput) as [TextField, string][]) {
    await user.type(field(name), value);
  }
  await user.click(consent());
}

export const requiredMessages: [TextField | "rgpd", string][] = [
  ["firstName", "Le prénom est requis"],
  ["lastName", "Le nom est requis"],
  ["email", "L'email est requis"],
  ["phone", "Le téléphone est requis"],
  ["company", "Le nom de l'organisme est requis"],
  ["message", "La description de vos besoins est requise"],
  ["rgpd", "Vous devez accepter d'être recontacté pour envoyer votre demande"],
];

export const control = (name: TextField | "rgpd") => (name === "rgpd" ? consent() : field(name));

/** The field shows `message` as its error, tied to it for assistive technologies. */
export function expectFieldError(element: HTMLElement, message: string) {
  expect(element).toHaveAttribute("aria-invalid", "true");
  expect(element).toHaveAccessibleDescription(message);
  // The visible message is the element the field points at.
  expect(screen.getByText(message)).toHaveAttribute("id", element.getAttribute("aria-describedby"));
}

/** The text fields a visitor is told are in error. */
export const fieldsInError = () =>
  screen
    .queryAllByRole("textbox")
    .filter((element) => element.getAttribute("aria-invalid") === "true");

export function expectNoFieldError(element: HTMLElement) {
  expect(element).toHaveAttribute("aria-invalid", "false");
  expect(element).not.toHaveAttribute("aria-describedby");
}
