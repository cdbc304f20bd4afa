import { randomBytes } from "node:crypto";
import { sameSecret } from "../same-secret";
import { popupHeaders, popupPage, type PopupOutcome } from "./popup-page";
import type { CmsAuthSettings } from "./cms-auth-settings";

// The admin's GitHub sign-in, once: request facts in, status, headers and an HTML body out. It
// knows no framework: the production server (src/server/http/app.ts) and the Gatsby
// Functions (src/api/cms/) are thin adapters around it.
//
// GET /api/cms/auth      opened in a popup by the admin: sends the browser to GitHub's authorize
//                        page with a random state, bound to this browser by a short-lived cookie.
// GET /api/cms/callback  where GitHub sends it back: checks the state against the cookie (once),
//                        exchanges the code for a token, and ends on the popup page
//                        (popup-page.ts), which hands the token to the admin of this origin only.

export interface CmsAuthRequest {
  method: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  /** The Cookie header, if any. */
  cookie: string | undefined;
  /** This site's origin as the browser reached it (https://www.example.fr). */
  origin: string;
}

export interface CmsAuthResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface CmsAuthOptions {
  /** The OAuth client; undefined when the server has none configured. */
  settings: CmsAuthSettings | undefined;
  /** GitHub's token endpoint is reached through it (the global fetch by default). */
  fetch?: typeof fetch;
  /** How long GitHub gets to answer the token exchange. */
  timeoutMs?: number;
}

export const cmsAuthMessages = {
  notConfigured:
    "La connexion GitHub n'est pas configurée sur ce serveur (CMS_GITHUB_CLIENT_ID et CMS_GITHUB_CLIENT_SECRET).",
  unknownProvider: "Seule la connexion avec GitHub est proposée ici.",
  methodNotAllowed: "Méthode non autorisée.",
  denied:
    "Connexion refusée sur GitHub : l'administration n'a reçu aucune autorisation. Fermez cette fenêtre pour réessayer.",
  unverified:
    "Cette demande de connexion n'a pas pu être vérifiée (expirée, déjà utilisée ou venue d'ailleurs). Fermez cette fenêtre et recommencez depuis l'administration.",
  unreachable:
    "GitHub ne répond pas : la connexion n'a pas abouti. Fermez cette fenêtre et réessayez dans quelques instants.",
  refused:
    "GitHub a refusé la connexion (code expiré ou déjà utilisé). Fermez cette fenêtre et recommencez depuis l'administration.",
} as const;

/**
 * `__Host-`: browsers take it only from this very host, over HTTPS (or http://localhost, which
 * Chromium and Firefox count as secure), with `Secure`, `Path=/` and no `Domain`. So a preview,
 * served on a subdomain of the site's domain, cannot set a state of its own choosing for the site
 * (a cookie for the parent domain would reach the callback otherwise).
 */
const stateCookie = "__Host-cms_auth_state";
/** Long enough to sign in on GitHub (two-factor included), short enough to be of little use. */
const stateMaxAgeSeconds = 600;
const cookieAttributes = "Path=/; HttpOnly; Secure; SameSite=Lax";

/** Repository access for an OAuth App; a GitHub App ignores it and uses its own permissions. */
const scope = "repo";

const callbackUrl = (origin: string) => `${origin}/api/cms/callback`;

const page = (status: number, outcome: PopupOutcome, extra: Record<string, string> = {}) => ({
  status,
  headers: { ...popupHeaders, ...extra },
  body: popupPage(outcome),
});

const failure = (status: number, message: string, extra: Record<string, string> = {}) =>
  page(status, { status: "error", content: { message } }, extra);

/** The state cookie's value in a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

export function createCmsAuth({
  settings,
  fetch = globalThis.fetch,
  timeoutMs = 10_000,
}: CmsAuthOptions) {
  const methodAllowed = (method: string) => method === "GET" || method === "HEAD";
  const notAllowed = () => failure(405, cmsAuthMessages.methodNotAllowed, { allow: "GET, HEAD" });

  /** GET /api/cms/auth?provider=github: to GitHub's authorize page, with a fresh state. */
  async function start(request: CmsAuthRequest): Promise<CmsAuthResponse> {
    if (!methodAllowed(request.method)) return notAllowed();
    if (!settings) return failure(503, cmsAuthMessages.notConfigured);
    const provider = request.query.get("provider");
    if (provider !== null && provider !== "github") {
      return failure(400, cmsAuthMessages.unknownProvider);
    }
    const state = randomBytes(32).toString("base64url");
    const authorize = new URL(`${settings.githubUrl}/login/oauth/authorize`);
    authorize.search = new URLSearchParams({
      client_id: settings.clientId,
      redirect_uri: callbackUrl(request.origin),
      scope,
      state,
    }).toString();
    return {
      status: 302,
      headers: {
        location: authorize.toString(),
        "set-cookie": `${stateCookie}=${state}; Max-Age=${stateMaxAgeSeconds}; ${cookieAttributes}`,
        "cache-control": "no-store",
        "referrer-policy": "no-referrer",
        "content-type": "text/plain; charset=utf-8",
      },
      body: "",
    };
  }

  /** GitHub's answer to the token exchange: the token, or the French reason there is none. */
  async function exchange(
    settings: CmsAuthSettings,
    code: string,
    origin: string,
  ): Promise<{ token: string } | { status: number; message: string }> {
    let answer: Response;
    try {
      answer = await fetch(`${settings.githubUrl}/login/oauth/access_token`, {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          code,
          redirect_uri: callbackUrl(origin),
        }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return { status: 502, message: cmsAuthMessages.unreachable };
    }
    const body: unknown = await answer.json().catch(() => undefined);
    const token = (body as { access_token?: unknown } | undefined)?.access_token;
    if (answer.ok && typeof token === "string" && token) return { token };
    // GitHub answers a bad or replayed code with 200 and an `error` field.
    return answer.ok || answer.status < 500
      ? { status: 400, message: cmsAuthMessages.refused }
      : { status: 502, message: cmsAuthMessages.unreachable };
  }

  /** GET /api/cms/callback?code=…&state=…: the popup's last page, with a token or without. */
  async function callback(request: CmsAuthRequest): Promise<CmsAuthResponse> {
    if (!methodAllowed(request.method)) return notAllowed();
    // The state is single use: whatever the outcome, the cookie goes.
    const clear = { "set-cookie": `${stateCookie}=; Max-Age=0; ${cookieAttributes}` };
    if (!settings) return failure(503, cmsAuthMessages.notConfigured, clear);
    const expected = cookieValue(request.cookie, stateCookie) ?? "";
    const state = request.query.get("state") ?? "";
    if (!sameSecret(state, expected)) return failure(400, cmsAuthMessages.unverified, clear);
    // Checked after the state, so that only the browser that started the sign-in learns it.
    if (request.query.get("error")) return failure(400, cmsAuthMessages.denied, clear);
    const code = request.query.get("code");
    if (!code) return failure(400, cmsAuthMessages.denied, clear);
    const result = await exchange(settings, code, request.origin);
    if ("message" in result) return failure(result.status, result.message, clear);
    return page(
      200,
      { status: "success", content: { token: result.token, provider: "github" } },
      clear,
    );
  }

  return { start, callback };
}

export type CmsAuth = ReturnType<typeof createCmsAuth>;
