/** The part of a fetch Response that redaxios reads; jsdom has no Response of its own. */
export function fakeResponse(status: number, text: string): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: "",
    headers: new Headers({ "Content-Type": "application/json" }),
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text) as unknown),
  } as unknown as Response;
}

export const jsonResponse = (status: number, body: unknown) =>
  fakeResponse(status, JSON.stringify(body));
