import { jsonResponse } from "../../../test-utils/fake-response";

// What the form sends beside the body. jsdom has neither fetch nor Web Workers: both are faked at
// the browser-API level (as in quote-form.test.tsx), a worker that answers a fixed payload.

class AnsweringWorker {
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  postMessage() {
    setTimeout(() => this.onmessage?.({ data: "c29sdXRpb24=" }), 0);
  }
  terminate() {}
}

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn(() => Promise.resolve(jsonResponse(200, { parameters: {}, signature: "" })));
  globalThis.fetch = fetchMock;
  Object.assign(globalThis, { Worker: AnsweringWorker });
});
afterEach(() => {
  delete process.env.GATSBY_API_URL;
  Reflect.deleteProperty(globalThis, "fetch");
  Reflect.deleteProperty(globalThis, "Worker");
});

async function submitHeaders(website: string): Promise<Record<string, string>> {
  let headers: Record<string, string> = {};
  await jest.isolateModulesAsync(async () => {
    const { antiBotHeaders, noteFirstInput } = await import("../form-signals");
    const { startProofOfWork } = await import("../proof-of-work");
    noteFirstInput();
    startProofOfWork();
    headers = await antiBotHeaders(website);
  });
  return headers;
}

it("to the embedded endpoint: the solution of GET /api/challenge, the typing time, the robot field", async () => {
  const headers = await submitHeaders("https://promo.example");
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/challenge");
  expect(headers).toEqual({
    Altcha: "c29sdXRpb24=",
    "Quote-Form-Elapsed": expect.stringMatching(/^\d+$/),
    "Quote-Form-Website": "https%3A%2F%2Fpromo.example",
  });
});

it("to an external API (GATSBY_API_URL): no challenge fetched, no anti-bot header", async () => {
  // That API's own defences apply; these headers would also need its CORS consent.
  process.env.GATSBY_API_URL = "https://api.example.fr";
  expect(await submitHeaders("https://promo.example")).toEqual({});
  expect(fetchMock).not.toHaveBeenCalled();
});
