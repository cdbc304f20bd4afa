import type { Created, ErrorBody } from "../../shared/quote-request/quote-api";

// The endpoint's answers: JSON, French, never cached.

export const responseMessages = {
  methodNotAllowed: "Méthode non autorisée",
  notJson: "Le corps de la requête doit être du JSON (application/json)",
  tooLarge: "La demande dépasse la taille maximale de 10 Ko",
  malformedJson: "Le corps de la requête n'est pas un JSON valide",
  invalidIdempotencyKey: "En-tête Idempotency-Key invalide",
  keyReused:
    "Cet en-tête Idempotency-Key a déjà servi pour une autre demande : envoyez-la avec une nouvelle clé",
  invalidFields: "Certains champs sont invalides",
  notStored: "Votre demande n'a pas pu être enregistrée, veuillez réessayer",
} as const;

export interface QuoteEndpointResponse {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody | Created;
  /** What became of a request answered 201, for the metrics (src/server/metrics/); not sent. */
  outcome?: "stored" | "quarantined" | "replayed";
}

export function answer(
  status: number,
  body: ErrorBody | Created,
  headers: Record<string, string> = {},
): QuoteEndpointResponse {
  return {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
    body,
  };
}

export const refuse = (status: number, messageText: string, headers?: Record<string, string>) =>
  answer(status, { messageText }, headers);
