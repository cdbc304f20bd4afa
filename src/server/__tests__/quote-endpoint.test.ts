/** @jest-environment node */
// The quote endpoint through each of its adapters (src/test-utils/quote-endpoint-harness.ts):
// requests accepted, fields refused with their French messages (422), and requests refused.
import { join } from "node:path";
import { readServerConfig } from "../config";
import { sharedLeadStore } from "../leads/open-store";
import {
  call,
  cleanedRequest,
  expectJsonHeaders,
  post,
  postJson,
  rawExchange,
  serveThrough,
  storedLeads,
  tempDir,
  uuidPattern,
  validRequest,
  prepareQuoteEndpointTests,
  adapters,
  startGatsbyFunction,
} from "../../test-utils/quote-endpoint-harness";

jest.mock("gatsby-cli/lib/reporter", () => ({
  __esModule: true,
  default: { log: jest.fn(), verbose: jest.fn(), warn: jest.fn(), error: jest.fn() },
}));

prepareQuoteEndpointTests();

describe.each(adapters)("%s", (_adapter, start) => {
  serveThrough(start);

  describe("POST /api/contact, accepted", () => {
    it("answers 201 with an id after storing one line of cleaned values", async () => {
      const before = Date.now();
      const answer = await postJson(validRequest);

      expect(answer.status).toBe(201);
      expectJsonHeaders(answer);
      expect(answer.body).toEqual({ id: expect.stringMatching(uuidPattern) });
      const lines = await storedLeads();
      expect(lines).toEqual([
        {
          id: (answer.body as { id: string }).id,
          idempotencyKey: null,
          fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
          receivedAt: expect.any(String),
          request: cleanedRequest,
          quarantine: null,
          requestId: answer.headers.get("x-request-id"),
          deliveries: {},
          status: "new",
          owner: null,
          lastContactAt: null,
        },
      ]);
      expect(answer.headers.get("x-request-id")).toMatch(uuidPattern);
      const receivedAt = lines[0]?.receivedAt ?? "";
      expect(new Date(receivedAt).toISOString()).toBe(receivedAt);
      expect(Date.parse(receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    });

    it("accepts a charset parameter and any case in the Content-Type", async () => {
      const answer = await postJson(validRequest, {
        "Content-Type": "Application/JSON; charset=UTF-8",
      });
      expect(answer.status).toBe(201);
    });
  });

  describe("POST /api/contact, invalid fields (422)", () => {
    it("lists every field's required message, in form order, for an empty object", async () => {
      const answer = await postJson({});

      expect(answer.status).toBe(422);
      expectJsonHeaders(answer);
      expect(answer.body).toEqual({
        messageText: "Certains champs sont invalides",
        details: [
          { field: "firstName", message: "Le prénom est requis" },
          { field: "lastName", message: "Le nom est requis" },
          { field: "email", message: "L'email est requis" },
          { field: "phone", message: "Le téléphone est requis" },
          { field: "company", message: "Le nom de l'organisme est requis" },
          { field: "message", message: "La description de vos besoins est requise" },
          {
            field: "rgpd",
            message: "Vous devez accepter d'être recontacté pour envoyer votre demande",
          },
        ],
      });
      expect(await storedLeads()).toEqual([]);
    });

    it("names only the failing field, with its French message", async () => {
      const answer = await postJson({ ...validRequest, phone: "+44 1 23 45 67 89" });

      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        messageText: "Certains champs sont invalides",
        details: [
          {
            field: "phone",
            message:
              "Format de téléphone français invalide (ex: 01 23 45 67 89 ou +33 1 23 45 67 89)",
          },
        ],
      });
    });

    it("puts unexpected fields after the form's fields", async () => {
      const answer = await postJson({
        isAdmin: true,
        ...validRequest,
        firstName: "J",
        rgpd: false,
      });

      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        messageText: "Certains champs sont invalides",
        details: [
          { field: "firstName", message: "Le prénom doit contenir entre 2 et 50 caractères" },
          {
            field: "rgpd",
            message: "Vous devez accepter d'être recontacté pour envoyer votre demande",
          },
          { field: "isAdmin", message: "Ce champ n'est pas attendu" },
        ],
      });
    });

    it.each([["[]"], ['"bonjour"'], ["null"], ["42"]])(
      "answers a JSON body that is not an object (%s) with the form-level message",
      async (body) => {
        const answer = await post(body);
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual({
          messageText: "La demande doit être un objet JSON",
          details: [],
        });
      },
    );
  });

  describe("POST /api/contact, refused requests", () => {
    it.each(["GET", "PUT", "DELETE", "PATCH", "OPTIONS"])(
      "answers %s with 405 and Allow: POST",
      async (method) => {
        const answer = await call({ method });
        expect(answer.status).toBe(405);
        expect(answer.headers.get("allow")).toBe("POST");
        expectJsonHeaders(answer);
        expect(answer.body).toEqual({ messageText: "Méthode non autorisée" });
      },
    );

    it.each([
      ["text/plain", { "Content-Type": "text/plain" }],
      ["a form", { "Content-Type": "application/x-www-form-urlencoded" }],
      ["a JSON look-alike", { "Content-Type": "application/jsonp" }],
      ["an image", { "Content-Type": "image/png" }],
    ])("answers %s with 415", async (_name, headers) => {
      const answer = await post(JSON.stringify(validRequest), headers);
      expect(answer.status).toBe(415);
      expectJsonHeaders(answer);
      expect(answer.body).toEqual({
        messageText: "Le corps de la requête doit être du JSON (application/json)",
      });
      expect(await storedLeads()).toEqual([]);
    });

    it("answers 415 to a multipart form, which Gatsby's multer reads first", async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(validRequest)) form.append(name, String(value));
      const answer = await call({ method: "POST", body: form });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({
        messageText: "Le corps de la requête doit être du JSON (application/json)",
      });
    });

    it("answers 415 to a post with neither a body nor a Content-Type", async () => {
      const answer = await call({ method: "POST" });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({
        messageText: "Le corps de la requête doit être du JSON (application/json)",
      });
    });

    it("answers 415 when the Content-Type is missing", async () => {
      const answer = await call({ method: "POST", body: new Blob([JSON.stringify(validRequest)]) });
      expect(answer.status).toBe(415);
    });

    it("accepts a body of exactly 10 240 bytes and refuses 10 241 with 413", async () => {
      const json = JSON.stringify(validRequest);
      const exactly = json + " ".repeat(10_240 - Buffer.byteLength(json));
      expect(Buffer.byteLength(exactly)).toBe(10_240);

      expect((await post(exactly)).status).toBe(201);
      const tooLarge = await post(`${exactly} `);
      expect(tooLarge.status).toBe(413);
      expectJsonHeaders(tooLarge);
      expect(tooLarge.body).toEqual({
        messageText: "La demande dépasse la taille maximale de 10 Ko",
      });
      expect(await storedLeads()).toHaveLength(1);
    });

    it("answers a declared length over the limit at once, without waiting for the body", async () => {
      const answer = await rawExchange(
        ["POST", "Content-Type: application/json", `Content-Length: ${50 * 1024 * 1024}`],
        [Buffer.from('{"firstName":"')],
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toMatch(/^connection: close\r$/im);
      expect(answer).toContain("La demande dépasse la taille maximale de 10 Ko");
    });

    it("stops reading a chunked body past the limit and answers 413 before its end", async () => {
      // 20 KiB sent, the final chunk never: only an answer that did not wait for it arrives.
      const chunk = Buffer.from(" ".repeat(4096));
      const chunks = Array.from({ length: 5 }, () =>
        Buffer.concat([Buffer.from("1000\r\n"), chunk, Buffer.from("\r\n")]),
      );
      const answer = await rawExchange(
        ["POST", "Content-Type: application/json", "Transfer-Encoding: chunked"],
        chunks,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain("La demande dépasse la taille maximale de 10 Ko");
    });

    it("counts bytes, not characters", async () => {
      // 6 000 "é" are 12 000 bytes in UTF-8: over the limit, though fewer than 10 240 characters.
      const answer = await postJson({ ...validRequest, message: "é".repeat(6_000) });
      expect(answer.status).toBe(413);
    });

    it("answers a body over 1 MB with its own 413, not Gatsby's", async () => {
      const answer = await post(" ".repeat(1024 * 1024 + 1));
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({
        messageText: "La demande dépasse la taille maximale de 10 Ko",
      });
    });

    it.each([
      ["malformed JSON", '{"firstName": "Jeanne",'],
      ["an empty body", ""],
      ["bytes that are not UTF-8", new Uint8Array([0x22, 0xff, 0xfe, 0x22])],
    ])("answers %s with 400", async (_name, body) => {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expectJsonHeaders(answer);
      expect(answer.body).toEqual({
        messageText: "Le corps de la requête n'est pas un JSON valide",
      });
    });

    it.each([
      ["empty", ""],
      ["too long", "k".repeat(201)],
      ["with a space", "my key"],
      ["with a non-ASCII character", "clé"],
    ])("answers an Idempotency-Key %s with 400", async (_name, key) => {
      const answer = await postJson(validRequest, { "Idempotency-Key": key });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ messageText: "En-tête Idempotency-Key invalide" });
      expect(await storedLeads()).toEqual([]);
    });
  });
});

// `gatsby develop` loads the function's module again after each change; `npm run serve` reads its
// configuration once, at start (src/server/http/serve.ts).
describe("Gatsby Function (gatsby develop), its configuration", () => {
  serveThrough(startGatsbyFunction);

  // A second database, created on the way: initdb takes seconds, tens on a busy machine.
  it("reads the database folder from its configuration, again when its module loads", async () => {
    const otherFolder = join(tempDir(), "other");
    await postJson(validRequest);
    process.env.QUOTE_DATABASE_DIR = otherFolder;
    jest.resetModules();
    await postJson(validRequest);
    const other = await sharedLeadStore(readServerConfig().store);
    expect(await other.leads.list()).toHaveLength(1);
    await other.close();
    expect(await storedLeads()).toHaveLength(1);
  }, 300_000);
});
