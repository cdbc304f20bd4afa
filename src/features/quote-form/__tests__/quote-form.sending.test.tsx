// The form as a visitor sends it, with the network faked at the fetch level: what is asserted
// is what the visitor sees and the request the API receives.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { jsonResponse } from "../../../test-utils/fake-response";
import {
  consent,
  deferred,
  expectNoFieldError,
  fetchMock,
  field,
  fieldsInError,
  fillValidForm,
  sentRequest,
  setup,
  submitButton,
  successMessage,
  type TextField,
  textFields,
  trimmedRequest,
  validInput,
  fakeFetch,
} from "../../../test-utils/quote-form-harness";

fakeFetch();

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
    fetchMock().mockReturnValue(answer.promise);
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
    fetchMock().mockReturnValue(answer.promise);
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
    fetchMock().mockImplementation(() => Promise.resolve(jsonResponse(500, {})));
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

    expect(fetchMock()).toHaveBeenCalledTimes(1);
    const request = sentRequest();
    expect(request).toEqual({
      url: "/api/contact",
      method: "POST",
      body: trimmedRequest,
      idempotencyKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    expect(new Headers(fetchMock().mock.calls[0]?.[1]?.headers).get("Content-Type")).toBe(
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

    const headers = new Headers(fetchMock().mock.calls[0]?.[1]?.headers);
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
      fetchMock().mockImplementation(answer);
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
      fetchMock().mockImplementation(() => Promise.resolve(jsonResponse(500, {})));
      const user = setup();
      await fillValidForm(user);

      await user.click(submitButton());
      await screen.findByRole("alert");
      await user.click(await screen.findByRole("button", { name: "Envoyer ma demande" }));
      expect(fetchMock()).toHaveBeenCalledTimes(2);
      const [first, retry] = [sentRequest(0), sentRequest(1)];
      expect(first.idempotencyKey).toBeTruthy();
      expect(retry.idempotencyKey).toBe(first.idempotencyKey);
      expect(retry.body).toEqual(first.body);

      // Spaces around a value do not change the content sent: still the same request.
      await user.type(field("company"), " ");
      await user.click(await screen.findByRole("button", { name: "Envoyer ma demande" }));
      expect(fetchMock()).toHaveBeenCalledTimes(3);
      expect(sentRequest(2).idempotencyKey).toBe(first.idempotencyKey);
      // Fields accept edits again once the failed attempt is over.
      await waitFor(() => expect(submitButton()).toBeEnabled());

      await user.type(field("message"), " Merci.");
      fetchMock().mockImplementation(() => Promise.resolve(jsonResponse(201, { id: "lead-1" })));
      await user.click(await screen.findByRole("button", { name: "Envoyer ma demande" }));
      await screen.findByText(successMessage);
      expect(fetchMock()).toHaveBeenCalledTimes(4);
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

      expect(fetchMock()).toHaveBeenCalledTimes(2);
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
      fetchMock().mockReturnValue(answer.promise);
      const user = setup();
      await fillValidForm(user);

      await submitTwice(user);
      expect(screen.getByRole("button", { name: "Envoi en cours..." })).toBeDisabled();

      await act(async () => answer.resolve(jsonResponse(201, { id: "lead-1" })));
      await screen.findByText(successMessage);
      expect(fetchMock()).toHaveBeenCalledTimes(1);
    });
  });
});
