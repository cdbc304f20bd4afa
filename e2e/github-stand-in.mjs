// @ts-check
// A GitHub on loopback for the admin's sign-in tests, answering as GitHub's documentation says
// (docs.github.com: "Authorizing OAuth apps", web application flow; REST "Get the authenticated
// user" and "Get a repository"), since github.com cannot be reached from the test machines.
// The server under test reaches it through CMS_GITHUB_URL; production never points at it.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";

/**
 * @typedef {import("node:http").IncomingMessage} IncomingMessage
 * @typedef {import("node:http").ServerResponse} ServerResponse
 */

const troubleshooting =
  "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors";

/**
 * Starts the stand-in on `port`. `nextAuthorize` decides how the next visit to the authorize page
 * ends: "grant" (a new code), "deny" (the person refuses: error=access_denied), or "replay" (the
 * last code exchanged for a token, used once already). `dropNextExchange()` cuts the next token request's
 * connection, as an unreachable GitHub would. `authorizations` and `exchanges` list the
 * authorize pages' queries and the token requests received.
 * @param {{ port: number, clientId: string, clientSecret: string, repo: string }} options
 */
export async function startGitHubStandIn({ port, clientId, clientSecret, repo }) {
  /** @type {Map<string, { redirectUri: string, used: boolean }>} */
  const codes = new Map();
  /** @type {Set<string>} */
  const tokens = new Set();
  /** @type {Record<string, string>[]} */
  const exchanges = [];
  /** @type {Record<string, string>[]} */
  const authorizations = [];
  /** @type {string | undefined} */
  let lastExchanged;
  let dropExchange = false;
  /** @type {{ nextAuthorize: "grant" | "deny" | "replay" }} */
  const control = { nextAuthorize: "grant" };

  /**
   * @param {ServerResponse} response
   * @param {number} status
   * @param {unknown} body
   * @param {Record<string, string>} [headers]
   */
  const json = (response, status, body, headers = {}) => {
    response.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "access-control-allow-origin": "*",
      ...headers,
    });
    response.end(JSON.stringify(body));
  };

  /** @param {IncomingMessage} request */
  const readBody = async (request) => {
    /** @type {Buffer[]} */
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString("utf8");
    return (request.headers["content-type"] ?? "").includes("application/json")
      ? new URLSearchParams(JSON.parse(text || "{}"))
      : new URLSearchParams(text);
  };

  /**
   * @param {URL} url
   * @param {ServerResponse} response
   */
  function authorize(url, response) {
    authorizations.push(Object.fromEntries(url.searchParams));
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    const state = url.searchParams.get("state");
    if (url.searchParams.get("client_id") !== clientId) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    const back = new URL(redirectUri);
    if (control.nextAuthorize === "deny") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user has denied your application access.");
      back.searchParams.set("error_uri", `${troubleshooting}/#access-denied`);
    } else {
      const code =
        control.nextAuthorize === "replay" && lastExchanged
          ? lastExchanged
          : randomBytes(10).toString("hex");
      if (!codes.has(code)) codes.set(code, { redirectUri, used: false });
      back.searchParams.set("code", code);
    }
    if (state !== null) back.searchParams.set("state", state);
    control.nextAuthorize = "grant";
    response.writeHead(302, { location: back.toString() }).end();
  }

  /**
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   */
  async function accessToken(request, response) {
    const params = await readBody(request);
    exchanges.push(Object.fromEntries(params));
    if (dropExchange) {
      dropExchange = false;
      request.socket.destroy();
      return;
    }
    const code = params.get("code") ?? "";
    const grant = codes.get(code);
    /** @type {Record<string, string>} */
    let body;
    if (params.get("client_id") !== clientId || params.get("client_secret") !== clientSecret) {
      body = {
        error: "incorrect_client_credentials",
        error_description: "The client_id and/or client_secret passed are incorrect.",
        error_uri: `${troubleshooting}/#incorrect-client-credentials`,
      };
    } else if (!grant || grant.used) {
      body = {
        error: "bad_verification_code",
        error_description: "The code passed is incorrect or expired.",
        error_uri: `${troubleshooting}/#bad-verification-code`,
      };
    } else if (params.has("redirect_uri") && params.get("redirect_uri") !== grant.redirectUri) {
      body = {
        error: "redirect_uri_mismatch",
        error_description:
          "The redirect_uri MUST match the registered callback URL for this application.",
        error_uri: `${troubleshooting}/#redirect-uri-mismatch`,
      };
    } else {
      grant.used = true;
      lastExchanged = code;
      const token = `gho_${randomBytes(18).toString("hex")}`;
      tokens.add(token);
      body = { access_token: token, scope: "repo", token_type: "bearer" };
    }
    // GitHub answers 200 either way; JSON when asked for it, a form-encoded string otherwise.
    if ((request.headers.accept ?? "").includes("application/json")) {
      json(response, 200, body);
    } else {
      response.writeHead(200, {
        "content-type": "application/x-www-form-urlencoded; charset=utf-8",
      });
      response.end(new URLSearchParams(body).toString());
    }
  }

  /**
   * @param {IncomingMessage} request
   * @param {URL} url
   * @param {ServerResponse} response
   */
  function api(request, url, response) {
    // The REST API's CORS, which lets the admin call it from the site's origin.
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-headers":
          "Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features",
        "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE",
        "access-control-max-age": "86400",
      });
      response.end();
      return;
    }
    const token = /^(?:token|bearer) (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!token || !tokens.has(token)) {
      json(response, 401, {
        message: "Bad credentials",
        documentation_url: "https://docs.github.com/rest",
        status: "401",
      });
      return;
    }
    const path = url.pathname.replace(/^\/api\/v3/, "");
    const [owner, name] = repo.split("/");
    if (path === "/user") {
      json(response, 200, {
        login: "redaction",
        id: 1001,
        type: "User",
        name: "Équipe marketing",
        avatar_url: "",
        html_url: `${url.origin}/redaction`,
      });
    } else if (path === `/repos/${repo}`) {
      json(response, 200, {
        id: 2002,
        name,
        full_name: repo,
        owner: { login: owner, id: 3003, type: "Organization" },
        private: true,
        default_branch: "main",
        permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
      });
    } else if (path.startsWith(`/repos/${repo}/pulls`) && request.method === "GET") {
      json(response, 200, []);
    } else {
      json(response, 404, {
        message: "Not Found",
        documentation_url: "https://docs.github.com/rest",
        status: "404",
      });
    }
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
    if (url.pathname === "/login/oauth/authorize" && request.method === "GET") {
      authorize(url, response);
    } else if (url.pathname === "/login/oauth/access_token" && request.method === "POST") {
      await accessToken(request, response);
    } else if (url.pathname.startsWith("/api/v3/")) {
      api(request, url, response);
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
    }
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${port}`,
    control,
    authorizations,
    exchanges,
    dropNextExchange: () => (dropExchange = true),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
