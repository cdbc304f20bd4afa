import { act, render, screen } from "@testing-library/react";
import { createElement } from "react";
import { ToastContainer } from "react-toastify";
import { fakeResponse, jsonResponse } from "../../test-utils/fake-response";
import { apiBaseUrl, errorMessage, postJson } from "../api-client";

// The network is faked at the fetch level, the layer under redaxios, so these tests see what the
// browser would send and what a visitor would read, whatever the HTTP library does in between.

const defaultMessage = "Une erreur est survenue";

let fetchMock: jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>;

beforeEach(() => {
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
});

/** Where the visitor sees toasts, as on every page of the site. */
function renderToasts() {
  render(createElement(ToastContainer));
}

afterEach(() => {
  // jsdom has no fetch: leave none behind for other test files.
  Reflect.deleteProperty(globalThis, "fetch");
  jest.useRealTimers();
  jest.restoreAllMocks();
});

type Outcome = { resolved: unknown } | { rejected: unknown };

/** Calls postJson inside act (a failure updates the toast container) and says how it settled. */
function post(body: unknown = {}, headers?: Record<string, string>): Promise<Outcome> {
  return act(() =>
    postJson("/contact", body, headers).then(
      (resolved): Outcome => ({ resolved }),
      (rejected: unknown): Outcome => ({ rejected }),
    ),
  );
}

const rejectedWith = (status: number) => ({ rejected: expect.objectContaining({ status }) });

function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}

describe("postJson", () => {
  it("POSTs the body as JSON to {API}/path with the given headers and returns the answer's data", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "abc" }));

    expect(await post({ a: 1 }, { "Idempotency-Key": "k-1" })).toEqual({ resolved: { id: "abc" } });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ a: 1 });
    const headers = headersOf(init);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.get("Idempotency-Key")).toBe("k-1");
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("shows no toast on success", async () => {
    renderToasts();
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "abc" }));
    await post();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  describe("on an error answer, shows the message a visitor reads and passes the failure on", () => {
    it.each<[string, number, string, string]>([
      [
        "the first detail's message",
        422,
        JSON.stringify({
          details: [
            { field: "email", message: "X" },
            { field: "phone", message: "Z" },
          ],
          messageText: "Y",
        }),
        "X",
      ],
      ["messageText when there are no details", 422, JSON.stringify({ messageText: "Y" }), "Y"],
      [
        "messageText when details are empty",
        422,
        JSON.stringify({ details: [], messageText: "Y" }),
        "Y",
      ],
      [
        "messageText when the first detail has no message",
        422,
        JSON.stringify({ details: [{ field: "email" }], messageText: "Y" }),
        "Y",
      ],
      ["the default for an empty object", 500, "{}", defaultMessage],
      ["the default for empty details", 500, JSON.stringify({ details: [] }), defaultMessage],
      ["the default for a non-JSON body", 502, "<html>Bad Gateway</html>", defaultMessage],
      ["the default for an empty body", 503, "", defaultMessage],
      ["the default for a JSON string body", 500, JSON.stringify("oops"), defaultMessage],
      [
        "the default for non-string messages",
        500,
        JSON.stringify({ details: [{ message: 42 }], messageText: { text: "Y" } }),
        defaultMessage,
      ],
    ])("%s (HTTP %i)", async (_case, status, body, message) => {
      renderToasts();
      fetchMock.mockResolvedValue(fakeResponse(status, body));

      expect(await post()).toEqual(rejectedWith(status));

      expect(await screen.findByRole("alert")).toHaveTextContent(message);
    });
  });

  it("shows the default message on a network failure and passes the TypeError on", async () => {
    renderToasts();
    const failure = new TypeError("Failed to fetch");
    fetchMock.mockRejectedValue(failure);

    expect(await post()).toEqual({ rejected: failure });

    expect(await screen.findByRole("alert")).toHaveTextContent(defaultMessage);
  });

  it("gives every request a 15 s timeout", async () => {
    const timeout = jest.spyOn(AbortSignal, "timeout");
    fetchMock.mockResolvedValue(jsonResponse(201, { id: "abc" }));

    await post();

    expect(timeout).toHaveBeenCalledWith(15_000);
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(timeout.mock.results[0]?.value);
  });

  it("gives up after 15 s without an answer, shows the default message and passes the failure on", async () => {
    renderToasts();
    jest.useFakeTimers();
    // A server that never answers: only the request's signal can end it, as with a real fetch.
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    let outcome: Outcome | undefined;
    void postJson("/contact", {}).then(
      (resolved) => (outcome = { resolved }),
      (rejected: unknown) => (outcome = { rejected }),
    );

    await act(() => jest.advanceTimersByTimeAsync(14_999));
    expect(outcome).toBeUndefined();

    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(outcome).toEqual({ rejected: expect.any(DOMException) });
    expect(outcome).toHaveProperty("rejected.name", "TimeoutError");
    expect(await screen.findByRole("alert")).toHaveTextContent(defaultMessage);
  });

  it("shows one toast for the same error repeated", async () => {
    renderToasts();
    fetchMock.mockResolvedValue(jsonResponse(500, { messageText: "Service indisponible" }));

    expect(await post()).toEqual(rejectedWith(500));
    await screen.findByRole("alert");
    expect(await post()).toEqual(rejectedWith(500));
    expect(await post()).toEqual(rejectedWith(500));

    // A different error does appear, so the count below is not an artefact of timing.
    fetchMock.mockResolvedValue(jsonResponse(500, { messageText: "Autre erreur" }));
    expect(await post()).toEqual(rejectedWith(500));
    expect(await screen.findByText("Autre erreur")).toBeInTheDocument();

    expect(screen.getAllByText("Service indisponible")).toHaveLength(1);
    expect(screen.getAllByRole("alert")).toHaveLength(2);
  });
});

describe("errorMessage", () => {
  it.each<[string, unknown, string]>([
    [
      "the first detail's message",
      { data: { details: [{ field: "f", message: "X" }], messageText: "Y" } },
      "X",
    ],
    ["messageText", { data: { messageText: "Y" } }, "Y"],
    [
      "messageText over a blank detail",
      { data: { details: [{ message: "  " }], messageText: "Y" } },
      "Y",
    ],
    ["the default for a blank messageText", { data: { messageText: " " } }, defaultMessage],
    ["the default for an empty body", { data: {} }, defaultMessage],
    ["the default for a text body", { data: "Internal Server Error" }, defaultMessage],
    [
      "the default for details that are not a list",
      { data: { details: { message: "X" } } },
      defaultMessage,
    ],
    ["the default for a null detail", { data: { details: [null] } }, defaultMessage],
    ["the default for a TypeError", new TypeError("Failed to fetch"), defaultMessage],
    [
      "the default for a timeout",
      new DOMException("The operation timed out.", "TimeoutError"),
      defaultMessage,
    ],
    ["the default for null", null, defaultMessage],
    ["the default for undefined", undefined, defaultMessage],
  ])("%s", (_case, failure, message) => {
    expect(errorMessage(failure)).toBe(message);
  });
});

describe("apiBaseUrl", () => {
  it.each<[string | undefined, string]>([
    [undefined, "/api"],
    ["", "/api"],
    ["   ", "/api"],
    ["https://api.example.fr/", "https://api.example.fr"],
    ["https://api.example.fr//", "https://api.example.fr"],
    [" https://api.example.fr/v1 ", "https://api.example.fr/v1"],
  ])("%j → %j", (configured, expected) => {
    expect(apiBaseUrl(configured)).toBe(expected);
  });
});
