// The quote API's answers, declared once: the endpoint (src/server/quote-endpoint/index.ts) sends
// them and the site's API client (src/lib/api-client.ts) reads them. Types only: nothing here runs.

export interface FieldDetail {
  field: string;
  message: string;
}

/** Any refusal. The site's toast shows `details[0].message`, else `messageText`. */
export interface ErrorBody {
  messageText: string;
  details?: FieldDetail[];
}

/** `201`: the request is stored under this id. */
export interface Created {
  id: string;
}
