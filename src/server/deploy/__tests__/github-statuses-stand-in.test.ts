/** @jest-environment node */
import { startGitHubStatuses, type GitHubStatuses } from "../../../../tests/deploy/github-statuses";

// The stand-in for GitHub's commit statuses (tests/deploy/github-statuses.ts) that the deploy
// tests report to: it must answer as GitHub documents, or those tests prove nothing. Here with
// the requests and answers of docs.github.com « REST API endpoints for commit statuses ».

const port = 9861;
const sha = "3f786850e387550fdab836ed7e6dc881de23001b";
const other = "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c";
const tokens = { "write-token": "statuses:write", "read-token": "read-only" } as const;

let github: GitHubStatuses;

type Json = Record<string, unknown>;

/**
 * POSTs `body` (JSON unless a string) with the deploy's headers, `headers` replacing them (an empty
 * one left out); resolves to the status, headers and JSON.
 */
async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const all = {
    accept: "application/vnd.github+json",
    authorization: "Bearer write-token",
    "content-type": "application/json",
    "x-github-api-version": "2022-11-28",
    ...headers,
  };
  const response = await fetch(`${github.apiRoot}${path}`, {
    method: "POST",
    headers: Object.entries(all).filter(([, value]) => value !== ""),
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Json,
  };
}

const get = async (path: string, token = "read-token") => {
  const response = await fetch(`${github.apiRoot}${path}`, {
    headers: { authorization: `token ${token}` },
  });
  return { status: response.status, json: (await response.json()) as unknown };
};

describe("a GitHub Enterprise Server's commit statuses (/api/v3)", () => {
  beforeAll(async () => {
    github = await startGitHubStatuses({ port, repository: "hestia/site", tokens });
  });
  afterAll(() => github.stop());

  it("creates a status: 201, GitHub's object, a Location, recorded with the request's details", async () => {
    const before = Date.now();
    const status = {
      state: "success",
      target_url: "https://apercu.hestia.test/brouillon/",
      description: "Aperçu prêt",
      context: "deploy/apercu",
    };
    const {
      status: code,
      headers,
      json,
    } = await post(`/repos/hestia/site/statuses/${sha}`, status);

    expect(code).toBe(201);
    const self = `http://127.0.0.1:${port}/api/v3/repos/hestia/site/statuses/${sha}`;
    expect(headers.get("location")).toBe(self);
    expect(json).toMatchObject({ ...status, url: self, id: 1, node_id: "MDY6U3RhdHVzMQ==" });
    expect(json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(json.updated_at).toBe(json.created_at);
    expect(json.creator).toMatchObject({ login: expect.any(String), type: "User" });
    expect(github.url).toBe(`http://127.0.0.1:${port}`);
    expect(github.statuses).toEqual([
      {
        ...status,
        owner: "hestia",
        repo: "site",
        sha,
        authorization: "Bearer write-token",
        apiVersion: "2022-11-28",
        at: expect.any(Number),
      },
    ]);
    expect(github.statuses[0]!.at).toBeGreaterThanOrEqual(before);
  });

  it("takes « token » as the scheme too, and defaults the context to « default »", async () => {
    const { status, json } = await post(
      `/repos/hestia/site/statuses/${sha}`,
      { state: "pending" },
      { authorization: "token write-token", "x-github-api-version": "" },
    );
    expect(status).toBe(201);
    expect(json).toMatchObject({ state: "pending", context: "default", target_url: null });
    const recorded = await github.waitFor((s) => s.state === "pending");
    expect(recorded).toMatchObject({ context: "default", description: null });
    expect(recorded.authorization).toBe("token write-token");
    expect(recorded.apiVersion).toBeUndefined();
  });

  it("refuses a request without a token, or with a token GitHub does not know: 401", async () => {
    const none = await post(
      `/repos/hestia/site/statuses/${sha}`,
      { state: "success" },
      {
        authorization: "",
      },
    );
    expect(none.status).toBe(401);
    // GitHub's wording when no token comes at all (its OpenAPI « requires_authentication »).
    expect(none.json.message).toBe("Requires authentication");
    const unknown = await post(
      `/repos/hestia/site/statuses/${sha}`,
      { state: "success" },
      {
        authorization: "Bearer revoked",
      },
    );
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({
      message: "Bad credentials",
      documentation_url: "https://docs.github.com/rest",
      status: "401",
    });
  });

  it("refuses a read-only token: 403", async () => {
    const { status, json } = await post(
      `/repos/hestia/site/statuses/${sha}`,
      { state: "success" },
      {
        authorization: "Bearer read-token",
      },
    );
    expect(status).toBe(403);
    expect(json).toEqual({
      message: "Resource not accessible by personal access token",
      documentation_url: "https://docs.github.com/rest/commits/statuses#create-a-commit-status",
      status: "403",
    });
  });

  it("refuses what GitHub refuses: 422 for the state and a description over 140 characters", async () => {
    const path = `/repos/hestia/site/statuses/${sha}`;
    const bad = await post(path, { state: "cancelled" });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({
      message: "Validation Failed",
      errors: [{ resource: "Status", field: "state", code: "custom" }],
    });
    const missing = await post(path, { description: "sans état" });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual([
      { resource: "Status", field: "state", code: "missing_field" },
    ]);
    const long = await post(path, { state: "failure", description: "é".repeat(141) });
    expect(long.status).toBe(422);
    expect(long.json.errors).toEqual([
      {
        resource: "Status",
        field: "description",
        code: "custom",
        message: "description is too long (maximum is 140 characters)",
      },
    ]);
    expect((await post(path, { state: "failure", description: "é".repeat(140) })).status).toBe(201);
    expect((await post("/repos/hestia/site/statuses/main", { state: "success" })).status).toBe(422);
    const notJson = await post(path, "state=success");
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toBe("Problems parsing JSON");
  });

  it("knows one repository and the statuses' paths only: 404 elsewhere", async () => {
    const elsewhere = await post(`/repos/hestia/autre/statuses/${sha}`, { state: "success" });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json.message).toBe("Not Found");
    expect((await get(`/repos/hestia/site/commits/${sha}/check-runs`)).status).toBe(404);
    const withoutPrefix = await fetch(`${github.url}/repos/hestia/site/commits/${sha}/statuses`, {
      headers: { authorization: "token read-token" },
    });
    expect(withoutPrefix.status).toBe(404);
  });

  it("refuses a body over 1 MB: 413", async () => {
    const huge = { state: "success", description: "x".repeat(1024 * 1024) };
    expect((await post(`/repos/hestia/site/statuses/${sha}`, huge)).status).toBe(413);
  });

  it("lists a commit's statuses newest first, as Decap reads them", async () => {
    for (const state of ["pending", "failure", "success"])
      await post(`/repos/hestia/site/statuses/${other}`, { state, context: "deploy/publication" });
    const { status, json } = await get(`/repos/hestia/site/commits/${other}/statuses`);
    expect(status).toBe(200);
    expect((json as Json[]).map((s) => s.state)).toEqual(["success", "failure", "pending"]);
    const firstPage = await get(`/repos/hestia/site/commits/${other}/statuses?per_page=1`);
    expect((firstPage.json as Json[]).map((s) => s.state)).toEqual(["success"]);
    expect((await get(`/repos/hestia/site/commits/${other}/statuses`, "nope")).status).toBe(401);
    expect((await get(`/repos/hestia/autre/commits/${other}/statuses`)).status).toBe(404);
  });

  it("waitFor gives up after its timeout", async () => {
    await expect(github.waitFor((s) => s.context === "nothing", 50)).rejects.toThrow(
      /No such commit status/,
    );
  });

  it("while down, answers nothing: fetch fails; back up, it answers again", async () => {
    github.down(true);
    await expect(get(`/repos/hestia/site/commits/${sha}/statuses`)).rejects.toThrow();
    await expect(post(`/repos/hestia/site/statuses/${sha}`, { state: "error" })).rejects.toThrow();
    github.down(false);
    expect((await get(`/repos/hestia/site/commits/${sha}/statuses`)).status).toBe(200);
  });
});

describe("api.github.com's commit statuses (no prefix)", () => {
  beforeAll(async () => {
    github = await startGitHubStatuses({ port, repository: "hestia/site", tokens, prefix: "" });
  });
  afterAll(() => github.stop());

  it("answers at the root", async () => {
    expect(github.apiRoot).toBe(`http://127.0.0.1:${port}`);
    const { status, headers } = await post(`/repos/hestia/site/statuses/${sha}`, {
      state: "success",
    });
    expect(status).toBe(201);
    expect(headers.get("location")).toBe(`${github.url}/repos/hestia/site/statuses/${sha}`);
  });
});
