import { focusManager, onlineManager } from "@tanstack/query-core";
import { queryClientAtom } from "jotai-tanstack-query";
import { quoteFormActionAtom } from "../../features/quote-form/quote-form-atoms";
import { createQuoteFormStore } from "../../features/quote-form/quote-form-providers";
import type { QuoteTextField } from "../../shared/quote-request/quote-request";
import { jsonResponse } from "../../test-utils/fake-response";

// The API client's caching rules (docs/product.md, "Caching rules of the query client"), shown
// through what the site does with its query client: the quote form's store (as
// QuoteFormProviders makes it) sends a request through the form's one action, with the network
// faked at the fetch level, under fake timers.

const typed: Record<QuoteTextField, string> = {
  firstName: "Jeanne",
  lastName: "Dupont",
  email: "jeanne.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: "Office HLM de Lyon",
  message: "Nous souhaitons externaliser le recouvrement de 120 dossiers.",
};

let fetchMock: jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>;

beforeEach(() => {
  jest.useFakeTimers();
  fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>(() =>
    Promise.resolve(jsonResponse(201, { id: "demande-1" })),
  );
  globalThis.fetch = fetchMock;
});

afterEach(() => {
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  Reflect.deleteProperty(globalThis, "fetch");
  jest.useRealTimers();
});

/** The form's fields filled in and sent through its store; resolves once it is answered. */
async function sendQuoteRequest(store = createQuoteFormStore()) {
  const client = store.get(queryClientAtom);
  for (const [field, value] of Object.entries(typed) as [QuoteTextField, string][]) {
    await store.set(quoteFormActionAtom, { type: "change", field, value });
  }
  await store.set(quoteFormActionAtom, { type: "toggleConsent", checked: true });
  await store.set(quoteFormActionAtom, { type: "submit", website: "" });
  return { store, client };
}

it("sends a request once, and never again on its own: focus, reconnect, time passing", async () => {
  await sendQuoteRequest();
  focusManager.setFocused(false);
  focusManager.setFocused(true);
  onlineManager.setOnline(false);
  onlineManager.setOnline(true);
  await jest.advanceTimersByTimeAsync(10 * 60_000);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it("never retries a request that failed: retrying is the visitor's choice", async () => {
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(500, {})));
  await sendQuoteRequest();
  await jest.advanceTimersByTimeAsync(10 * 60_000);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it("keeps an answer 60 s once nothing uses it, then drops it", async () => {
  // The form holds on to its last answer; a new request sent from the same form releases it.
  const { store, client } = await sendQuoteRequest();
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(201, { id: "demande-2" })));
  await sendQuoteRequest(store);
  const answers = () =>
    client
      .getMutationCache()
      .getAll()
      .map((mutation) => mutation.state.data);
  expect(answers()).toEqual([{ id: "demande-1" }, { id: "demande-2" }]);

  await jest.advanceTimersByTimeAsync(59_000);
  expect(answers()).toEqual([{ id: "demande-1" }, { id: "demande-2" }]);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(answers()).toEqual([{ id: "demande-2" }]);
});
