import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

// GitHub's REST API « commit statuses » on loopback, for tests: GitHub cannot be reached from these
// machines, and production never points at it. It answers as GitHub's documentation describes:
// - docs.github.com/rest/commits/statuses: « Create a commit status » (POST …/statuses/{sha}; state
//   error, failure, pending or success; context "default" if absent; 201 shaped as the example
//   response, with a Location) and « List commit statuses for a reference » (GET …/commits/{ref}/
//   statuses or legacy …/statuses/{ref}: « reverse chronological order », per_page 30, ≤ 100)
//   and « Get the combined status for a specific reference » (GET …/commits/{ref}/status: the
//   latest status of each context; failure if one failed, success if all did, else pending);
// - docs.github.com/rest/authentication/authenticating-to-the-rest-api: « Bearer » or « token »;
//   invalid credentials are a 401; GitHub Enterprise Server's API is at http(s)://HOSTNAME/api/v3;
// - docs.github.com/rest/about-the-rest-api/api-versions: the X-GitHub-Api-Version header, recorded;
// - developer.github.com/v3 « Client errors »: 400 « Problems parsing JSON », 422 « Validation
//   Failed » with errors [{ resource, field, code }] (missing_field, invalid, custom + message).
// Wordings the pages leave out are GitHub's own, as its clients' bug reports quote them.

export interface RecordedStatus {
  owner: string;
  repo: string;
  sha: string;
  state: "error" | "failure" | "pending" | "success";
  target_url: string | null;
  description: string | null;
  context: string;
  authorization: string;
  apiVersion: string | undefined;
  at: number;
}

export interface GitHubStatusesOptions {
  port: number;
  repository: string; // "owner/name": any other repository is Not Found
  tokens: Record<string, "statuses:write" | "read-only">; // read-only may list, not create (403)
  prefix?: string; // "" as api.github.com, "/api/v3" (default) as GitHub Enterprise Server
}

export type GitHubStatuses = Awaited<ReturnType<typeof startGitHubStatuses>>;
type ValidationError = { resource: "Status"; field: string; code: string; message?: string };

const states: readonly string[] = ["error", "failure", "pending", "success"];
const restDocs = "https://docs.github.com/rest";
const createDocs = `${restDocs}/commits/statuses#create-a-commit-status`;
const listDocs = `${restDocs}/commits/statuses#list-commit-statuses-for-a-reference`;
const maxBody = 1024 * 1024;

// GitHub's times are ISO 8601 to the second ("2012-07-20T01:19:13Z"); its node ids are base64.
const timestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const nodeId = (type: string, id: number) => Buffer.from(`${type}${id}`).toString("base64");
const text = (value: unknown) => (typeof value === "string" ? value : null);
const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return null; // no object: a 400
  }
};

function send(res: ServerResponse, status: number, body: unknown, location?: string) {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    ...(location && { location }),
  });
  res.end(JSON.stringify(body));
}

// GitHub's error bodies: a message, the documentation's address, and the status as a string.
function fail(res: ServerResponse, status: number, message: string, docs = restDocs, more = {}) {
  send(res, status, { message, ...more, documentation_url: docs, status: String(status) });
}

// The body up to 1 MB; past that it is drained (undefined), so the client still reads its 413.
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBody) chunks.push(chunk);
  }
  return size > maxBody ? undefined : Buffer.concat(chunks).toString();
}

// The 422's errors, one per field, as GitHub shapes them.
function validate(body: Record<string, unknown>): ValidationError[] {
  const errors: ValidationError[] = [];
  const error = (field: string, code: string, message?: string) =>
    errors.push({ resource: "Status", field, code, ...(message && { message }) });
  if (body.state === undefined || body.state === null) error("state", "missing_field");
  else if (typeof body.state !== "string" || !states.includes(body.state))
    error("state", "custom", "state is not included in the list");
  for (const field of ["target_url", "description", "context"]) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== "string") error(field, "invalid");
  }
  // Characters, not UTF-16 units: an accented or emoji description counts as GitHub counts it.
  if (typeof body.description === "string" && [...body.description].length > 140)
    error("description", "custom", "description is too long (maximum is 140 characters)");
  return errors;
}

export async function startGitHubStatuses(options: GitHubStatusesOptions) {
  const url = `http://127.0.0.1:${options.port}`; // the GitHub given as CMS_GITHUB_URL
  const prefix = (options.prefix ?? "/api/v3").replace(/\/$/, "");
  const apiRoot = url + prefix;
  const statuses: RecordedStatus[] = []; // in arrival order
  const created: { sha: string; json: object }[] = []; // GitHub's objects, for the list
  let isDown = false;
  // The token's owner, as the « simple user » of the example response's creator.
  const login = "deploy-bot";
  const creator = {
    ...{ login, id: 1, node_id: nodeId("04:User", 1), avatar_url: `${url}/avatars/u/1` },
    ...{ gravatar_id: "", url: `${apiRoot}/users/${login}`, html_url: `${url}/${login}` },
    ...{ type: "User", site_admin: false },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (isDown) return void req.socket.destroy();
    const { pathname, searchParams } = new URL(req.url ?? "/", url);
    const route = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : "";
    const match =
      /^\/repos\/([^/]+)\/([^/]+)\/(?:commits\/([^/]+)\/(statuses|status)|statuses\/([^/]+))$/.exec(
        route,
      );
    const creating = req.method === "POST" && match?.[5] !== undefined;
    const combined = match?.[4] === "status";
    if (!match || !(creating || req.method === "GET")) return fail(res, 404, "Not Found");
    const raw = creating ? await readBody(req) : "";
    if (raw === undefined) return fail(res, 413, "Payload Too Large");
    const docs = creating ? createDocs : listDocs;
    const authorization = req.headers.authorization ?? "";
    const token = /^(?:bearer|token) +(\S+)$/i.exec(authorization)?.[1];
    if (token === undefined) return fail(res, 401, "Requires authentication", docs);
    const permission = Object.hasOwn(options.tokens, token) ? options.tokens[token] : undefined;
    if (permission === undefined) return fail(res, 401, "Bad credentials");
    const [, owner = "", repo = "", commitRef, , statusesRef] = match;
    const ref = commitRef ?? statusesRef ?? "";
    // Owner and repository names are not case sensitive (the endpoints' path parameters).
    if (`${owner}/${repo}`.toLowerCase() !== options.repository.toLowerCase())
      return fail(res, 404, "Not Found", docs);
    if (combined) {
      // « Get the combined status for a specific reference », what Decap's editorial workflow
      // reads for a draft's head: the latest status of each context, and their overall state.
      const latest = new Map<string, { state: string }>();
      for (const { sha, json } of [...created].reverse()) {
        const status = json as { context: string; state: string };
        if (sha === ref.toLowerCase() && !latest.has(status.context))
          latest.set(status.context, status);
      }
      const states = [...latest.values()].map((status) => status.state);
      const state = states.some((one) => one === "failure" || one === "error")
        ? "failure"
        : states.length > 0 && states.every((one) => one === "success")
          ? "success"
          : "pending";
      const repository = { full_name: options.repository };
      const commitUrl = `${apiRoot}/repos/${options.repository}/commits/${ref}`;
      const statusesOf = [...latest.values()];
      const body = { state, statuses: statusesOf, sha: ref, total_count: statusesOf.length };
      return send(res, 200, {
        ...body,
        repository,
        commit_url: commitUrl,
        url: `${commitUrl}/status`,
      });
    }
    if (!creating) {
      const perPage = Math.min(Math.max(Number(searchParams.get("per_page")) || 30, 1), 100);
      const page = Math.max(Number(searchParams.get("page")) || 1, 1);
      const ofRef = created.filter((s) => s.sha === ref.toLowerCase()).map((s) => s.json);
      return send(res, 200, ofRef.reverse().slice((page - 1) * perPage, page * perPage));
    }
    if (permission !== "statuses:write")
      return fail(res, 403, "Resource not accessible by personal access token", docs);
    // No body at all is no parameters (a 422 for the missing state), not a parse error.
    const body: unknown = raw.trim() === "" ? {} : parseJson(raw);
    if (typeof body !== "object" || body === null || Array.isArray(body))
      return fail(res, 400, "Problems parsing JSON", docs);
    if (!/^[0-9a-f]{40}$/i.test(ref))
      return fail(res, 422, `No commit found for SHA: ${ref}`, docs);
    const fields = body as Record<string, unknown>;
    const errors = validate(fields);
    if (errors.length > 0) return fail(res, 422, "Validation Failed", docs, { errors });
    const given = {
      state: fields.state as RecordedStatus["state"], // validated above
      target_url: text(fields.target_url),
      description: text(fields.description),
      context: text(fields.context) ?? "default",
    };
    const apiVersion = req.headers["x-github-api-version"]?.toString();
    const at = Date.now();
    const stamp = timestamp(at);
    statuses.push({ owner, repo, sha: ref, ...given, authorization, apiVersion, at });
    const id = created.length + 1;
    const self = `${apiRoot}/repos/${options.repository}/statuses/${ref}`;
    const head = { url: self, avatar_url: null, id, node_id: nodeId("06:Status", id) };
    const json = { ...head, ...given, created_at: stamp, updated_at: stamp, creator };
    created.push({ sha: ref.toLowerCase(), json });
    send(res, 201, json, self);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => (res.headersSent ? res.destroy() : fail(res, 500, "Error")));
  });
  // While down, GitHub is unreachable: every connection closes unanswered, and fetch rejects.
  server.on("connection", (socket) => isDown && socket.destroy());
  server.listen(options.port, "127.0.0.1");
  await once(server, "listening"); // rejects on "error" (the port taken)

  /** The first status, recorded or to come, that `predicate` accepts; rejects after the timeout. */
  async function waitFor(predicate: (s: RecordedStatus) => boolean, timeoutMs = 5_000) {
    for (const deadline = Date.now() + timeoutMs; Date.now() <= deadline; await sleep(10)) {
      const found = statuses.find(predicate);
      if (found) return found;
    }
    // Without the Authorization headers: a failing test's output shows no token.
    const seen = statuses.map(({ authorization: _, ...status }) => status);
    throw new Error(`No such commit status in ${timeoutMs} ms; got ${JSON.stringify(seen)}`);
  }
  function down(value: boolean) {
    isDown = value;
    if (value) server.closeIdleConnections(); // kept-alive sockets would still answer
  }
  async function stop() {
    server.close();
    server.closeAllConnections();
    await once(server, "close");
  }
  return { url, apiRoot, statuses, waitFor, down, stop };
}
