import type { GatsbyFunctionConfig, GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { quoteFields, validateQuoteRequest } from "../features/quote-form/quote-request";
import { saveQuoteRequest } from "../features/quote-form/quote-store";

// The embedded API: POST /api/contact, used when no external API (GATSBY_API_URL) is configured,
// so `gatsby develop` and `gatsby serve` run the whole quote-request flow on one machine.

// JSON bodies reach the handler as raw bytes, so that this handler, not Gatsby's JSON parser,
// chooses each error status and its French message. "application/*" rather than "*/*": Gatsby runs
// multer before the raw parser, and a raw parser taking multipart bodies too would read a stream
// multer already consumed and fail with an HTML 500; every non-JSON type is refused below anyway.
// 1mb is only the parser's ceiling (beyond it Gatsby answers 413 itself); the real 10 KiB limit is
// checked below.
// Exported through a destructuring on purpose: Gatsby's query extractor takes any file in src/
// with `export const config` for a page asking for rendering engines, and those fail to build
// with sharp 0.34. The function runtime still reads the `config` export as usual.
const functionConfig: GatsbyFunctionConfig = {
  bodyParser: { raw: { type: "application/*", limit: "1mb" } },
};
export const { config } = { config: functionConfig };

const maxBodyBytes = 10 * 1024;

const responseMessages = {
  methodNotAllowed: "Méthode non autorisée",
  notJson: "Le corps de la requête doit être du JSON (application/json)",
  tooLarge: "La demande dépasse la taille maximale de 10 Ko",
  malformedJson: "Le corps de la requête n'est pas un JSON valide",
  invalidIdempotencyKey: "En-tête Idempotency-Key invalide",
  invalidFields: "Certains champs sont invalides",
  notStored: "Votre demande n'a pas pu être enregistrée, veuillez réessayer",
} as const;

export interface FieldDetail {
  field: string;
  message: string;
}

/** The error shape the site's toast reads: `details[0].message`, then `messageText`. */
export interface ErrorBody {
  messageText: string;
  details?: FieldDetail[];
}

type Request = GatsbyFunctionRequest<unknown>;
type Response = GatsbyFunctionResponse<unknown>;

export default async function handler(req: Request, res: Response): Promise<void> {
  // Gatsby's wrapper calls the handler without awaiting it: a rejection would go unhandled (which
  // can end the server process) and the visitor would get no answer, so every failure ends as a
  // JSON 500 here.
  try {
    await respond(req, res);
  } catch (error) {
    console.error("[api/contact] quote request not stored:", error);
    if (!res.headersSent) send(res, 500, { messageText: responseMessages.notStored });
  }
}

async function respond(req: Request, res: Response): Promise<void> {
  // OPTIONS is refused like any other method: the site posts from its own origin, so no CORS
  // preflight ever reaches this endpoint, and "Allow: POST" stays the whole truth.
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    return send(res, 405, { messageText: responseMessages.methodNotAllowed });
  }
  if (!isJsonMediaType(req.headers["content-type"])) {
    return send(res, 415, { messageText: responseMessages.notJson });
  }
  const body = rawBody(req.body);
  if (body.length > maxBodyBytes) {
    return send(res, 413, { messageText: responseMessages.tooLarge });
  }
  const idempotencyKey = readIdempotencyKey(req.headers["idempotency-key"]);
  if (idempotencyKey === invalidKey) {
    return send(res, 400, { messageText: responseMessages.invalidIdempotencyKey });
  }
  const json = parseJson(body);
  if (!json.ok) {
    return send(res, 400, { messageText: responseMessages.malformedJson });
  }

  const validation = validateQuoteRequest(json.value);
  if (!validation.valid) {
    return send(res, 422, {
      messageText: validation.formError ?? responseMessages.invalidFields,
      details: validation.formError ? [] : fieldDetails(validation.errors),
    });
  }

  const { id, replayed } = await saveQuoteRequest(validation.request, idempotencyKey);
  if (replayed) res.setHeader("Idempotent-Replayed", "true");
  send(res, 201, { id });
}

function send(res: Response, status: number, body: ErrorBody | { id: string }): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify(body));
}

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json";
}

/**
 * The request's bytes. With the raw parser, Gatsby gives a Buffer, possibly empty; when the request
 * has no body at all, the parser leaves `{}` (express 4) or undefined (body-parser 2) instead.
 */
function rawBody(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  return Buffer.alloc(0);
}

const invalidKey = Symbol("invalid Idempotency-Key");

/** 1 to 200 visible ASCII characters; two headers arrive joined by ", " and so are refused. */
const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

function readIdempotencyKey(
  header: string | string[] | undefined,
): string | null | typeof invalidKey {
  if (header === undefined) return null;
  return typeof header === "string" && idempotencyKeyPattern.test(header) ? header : invalidKey;
}

// JSON is UTF-8 (RFC 8259): invalid bytes are refused rather than silently replaced with U+FFFD.
const utf8 = new TextDecoder("utf-8", { fatal: true });

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(utf8.decode(body)) };
  } catch {
    return { ok: false };
  }
}

/** One detail per failing field: the form's fields in form order, then any unexpected field. */
function fieldDetails(errors: Partial<Record<string, string>>): FieldDetail[] {
  const rank = (field: string) => {
    const index = (quoteFields as readonly string[]).indexOf(field);
    return index === -1 ? quoteFields.length : index;
  };
  return Object.entries(errors)
    .flatMap(([field, message]) => (message === undefined ? [] : [{ field, message }]))
    .sort((a, b) => rank(a.field) - rank(b.field));
}
