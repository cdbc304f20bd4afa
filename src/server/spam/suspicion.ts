import type { QuoteRequest } from "../../shared/quote-request/quote-request";

// Signs that a request was sent by a script rather than typed by a person. A suspect request is
// not refused: it is stored apart (quarantine) with its reason and answered like any other, so a
// bot learns nothing, and a person wrongly suspected is released by `npm run leads -- release`.

/** Headers the form sends beside the body, which keeps its seven fields (docs/product.md). */
export const formSignalHeaders = {
  /** Milliseconds from the visitor's first input in the form to the submit. */
  elapsed: "quote-form-elapsed",
  /** What the hidden "Site web" field held, percent-encoded; absent when empty. */
  website: "quote-form-website",
} as const;

/**
 * Below this, nobody typed the request: seven fields, the message at least 20 characters, even
 * with the browser's autofill for the contact details. Scripts fill a form in milliseconds.
 */
export const minimumFillMs = 3000;

/** A challenge issued less than this before the request: solved and sent by a script. */
export const minimumChallengeAgeMs = 1000;

const link = /\bhttps?:\/\/|\bwww\.|\[url[=\]]|<a\s/i;

export type Signals = {
  elapsedHeader: string | string[] | undefined;
  websiteHeader: string | string[] | undefined;
  /** When the request's challenge was issued (signed by the server); undefined without one. */
  challengeIssuedAt: Date | undefined;
  now: Date;
};

/** Each sign that quarantines a request, as the inbox names it (its rule, with its threshold). */
export const quarantineRules = {
  trap: "champ piège « Site web » rempli",
  "no-form": "envoyée sans passer par le formulaire du site",
  "too-fast": `formulaire rempli en moins de ${minimumFillMs / 1000} s`,
  "too-soon": `envoyée moins de ${minimumChallengeAgeMs / 1000} s après l'ouverture du formulaire`,
  links: "un lien dans chaque champ libre (organisme et message)",
} as const;

export type QuarantineRule = keyof typeof quarantineRules;

/** Why a request is suspect: the rule, and the reason with its figure, in French; or null. */
export function suspicion(
  request: QuoteRequest,
  signals: Signals,
): { rule: QuarantineRule; reason: string } | null {
  const website = single(signals.websiteHeader);
  if (website !== undefined && website !== "") {
    return {
      rule: "trap",
      reason: `champ piège « Site web » rempli (${truncate(decodeLoosely(website))})`,
    };
  }
  const elapsedText = single(signals.elapsedHeader);
  const elapsed =
    elapsedText !== undefined && /^\d{1,12}$/.test(elapsedText.trim())
      ? Number(elapsedText)
      : Number.NaN;
  if (!Number.isFinite(elapsed)) return { rule: "no-form", reason: quarantineRules["no-form"] };
  if (elapsed < minimumFillMs) {
    return {
      rule: "too-fast",
      reason: `formulaire rempli en ${(Math.max(0, elapsed) / 1000).toFixed(1)} s`,
    };
  }
  if (signals.challengeIssuedAt) {
    const age = signals.now.getTime() - signals.challengeIssuedAt.getTime();
    if (age < minimumChallengeAgeMs) {
      return {
        rule: "too-soon",
        reason: `envoyée ${(Math.max(0, age) / 1000).toFixed(1)} s après l'ouverture du formulaire`,
      };
    }
  }
  // Names and phone numbers cannot hold a link (validation refuses it): the fields that can are
  // the organisation and the message. A person may paste their site in one; a spammer fills both.
  if (link.test(request.company) && link.test(request.message)) {
    return { rule: "links", reason: quarantineRules.links };
  }
  return null;
}

/** The reason alone, in French for the people who read the quarantine, or null. */
export function suspicionReason(request: QuoteRequest, signals: Signals): string | null {
  return suspicion(request, signals)?.reason ?? null;
}

function single(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header.join(",") : header;
}

function decodeLoosely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function truncate(value: string): string {
  return value.length > 80 ? `${value.slice(0, 79)}…` : value;
}
