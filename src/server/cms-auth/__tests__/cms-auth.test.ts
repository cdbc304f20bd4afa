/** @jest-environment node */
import { createHash } from "node:crypto";
import { cmsAuthMessages, createCmsAuth, type CmsAuthRequest } from "../cms-auth";
import { gitHubUrl } from "../../../shared/github-url";
import { cmsAuthSettings } from "../cms-auth-settings";

// The sign-in through its own interface: request facts in, the answer out. GitHub's token
// endpoint is a function answering as GitHub documents it ("Authorizing OAuth apps": JSON with
// access_token, or with error when the code is bad, used or expired).

const settings = {
  clientId: "Iv1.client",
  clientSecret: "le-secret",
  githubUrl: "https://ghe.example.fr",
};
const origin = "https://www.example.fr";

type Exchange = { url: string; body: URLSearchParams; accept: string | null };

function gitHub(answer: () => Response | Promise<Response>) {
  const exchanges: Exchange[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    exchanges.push({
      url,
      body: new URLSearchParams(String(init.body)),
      accept: headers.get("accept"),
    });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, exchanges };
}

const request = (query: Record<string, string>, cookie?: string): CmsAuthRequest => ({
  method: "GET",
  query: new URLSearchParams(query),
  cookie,
  origin,
});

/** The start of a sign-in: its state, the cookie that binds it, and the authorize URL. */
async function started(auth: ReturnType<typeof createCmsAuth>) {
  const answer = await auth.start(
    request({ provider: "github", site_id: "www.example.fr", scope: "repo" }),
  );
  const location = new URL(answer.headers.location ?? "");
  const cookie = (answer.headers["set-cookie"] ?? "").split(";")[0] ?? "";
  return { answer, location, state: location.searchParams.get("state") ?? "", cookie };
}

/** The message the popup page hands the admin, read from its data block. */
function outcomeOf(body: string): unknown {
  const json = /<script type="application\/json" id="cms-auth-result">(.*?)<\/script>/s.exec(
    body,
  )?.[1];
  return JSON.parse(json ?? "null");
}

describe("GET /api/cms/auth", () => {
  it("sends the browser to GitHub's authorize page with a fresh state, bound by a short-lived cookie", async () => {
    const auth = createCmsAuth({ settings, fetch: gitHub(() => Response.json({})).fetch });
    const first = await started(auth);
    const second = await started(auth);
    expect(first.answer.status).toBe(302);
    expect(`${first.location.origin}${first.location.pathname}`).toBe(
      "https://ghe.example.fr/login/oauth/authorize",
    );
    expect(Object.fromEntries(first.location.searchParams)).toEqual({
      client_id: "Iv1.client",
      redirect_uri: "https://www.example.fr/api/cms/callback",
      scope: "repo",
      state: first.state,
    });
    expect(first.state).toMatch(/^[\w-]{43}$/);
    expect(second.state).not.toBe(first.state);
    expect(first.answer.headers["set-cookie"]).toBe(
      `__Host-cms_auth_state=${first.state}; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(first.answer.headers.location).not.toContain("le-secret");
  });

  it.each([
    ["no client configured", undefined, { provider: "github" }, 503, cmsAuthMessages.notConfigured],
    ["another provider", settings, { provider: "gitlab" }, 400, cmsAuthMessages.unknownProvider],
  ])(
    "answers %s in French, with no redirect",
    async (_case, configured, query, status, message) => {
      const answer = await createCmsAuth({ settings: configured }).start(request(query));
      expect(answer.status).toBe(status);
      expect(answer.headers.location).toBeUndefined();
      expect(outcomeOf(answer.body)).toEqual({ status: "error", content: { message } });
    },
  );
});

describe("GET /api/cms/callback", () => {
  it("exchanges the code as GitHub documents it and hands the token to the admin's page", async () => {
    const github = gitHub(() =>
      Response.json({ access_token: "gho_jeton", token_type: "bearer", scope: "repo" }),
    );
    const auth = createCmsAuth({ settings, fetch: github.fetch });
    const { state, cookie } = await started(auth);
    const answer = await auth.callback(request({ code: "le-code", state }, `autre=1; ${cookie}`));
    expect(answer.status).toBe(200);
    expect(outcomeOf(answer.body)).toEqual({
      status: "success",
      content: { token: "gho_jeton", provider: "github" },
    });
    expect(github.exchanges).toEqual([
      {
        url: "https://ghe.example.fr/login/oauth/access_token",
        accept: "application/json",
        body: new URLSearchParams({
          client_id: "Iv1.client",
          client_secret: "le-secret",
          code: "le-code",
          redirect_uri: "https://www.example.fr/api/cms/callback",
        }),
      },
    ]);
    // The state is single use: its cookie is cleared.
    expect(answer.headers["set-cookie"]).toBe(
      "__Host-cms_auth_state=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
  });

  it("refuses a state whose cookie a preview could have set: without the __Host- prefix", async () => {
    const github = gitHub(() => Response.json({ access_token: "gho_jeton" }));
    const auth = createCmsAuth({ settings, fetch: github.fetch });
    const { state } = await started(auth);
    // What a page of a subdomain can plant for the whole domain: the name without its prefix.
    for (const planted of [`cms_auth_state=${state}`, `__host-cms_auth_state=${state}`]) {
      const answer = await auth.callback(request({ code: "le-code", state }, planted));
      expect(outcomeOf(answer.body)).toEqual({
        status: "error",
        content: { message: cmsAuthMessages.unverified },
      });
    }
    expect(github.exchanges).toEqual([]);
  });

  it("allows the popup page's one script by its hash, keeps its opener and is never cached", async () => {
    const auth = createCmsAuth({
      settings,
      fetch: gitHub(() => Response.json({ access_token: "t" })).fetch,
    });
    const { state, cookie } = await started(auth);
    const answer = await auth.callback(request({ code: "c", state }, cookie));
    const script = /<script>(.*?)<\/script>/s.exec(answer.body)?.[1] ?? "";
    const hash = createHash("sha256").update(script).digest("base64");
    expect(answer.headers["content-security-policy"]).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(answer.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    expect(answer.headers["cache-control"]).toBe("no-store");
    // Messages go to, and come from, the page's own origin only.
    expect(script).toContain("opener.postMessage(message, origin)");
    expect(script).not.toContain('"*"');
  });

  const failing = (answer: () => Response | Promise<Response>) => gitHub(answer).fetch;
  it.each([
    [
      "a forged state",
      (state: string) => ({ code: "c", state: `${state}x` }),
      true,
      failing(() => Response.json({ access_token: "t" })),
      400,
      cmsAuthMessages.unverified,
    ],
    [
      "no state",
      () => ({ code: "c" }),
      true,
      failing(() => Response.json({ access_token: "t" })),
      400,
      cmsAuthMessages.unverified,
    ],
    [
      "no cookie",
      (state: string) => ({ code: "c", state }),
      false,
      failing(() => Response.json({ access_token: "t" })),
      400,
      cmsAuthMessages.unverified,
    ],
    [
      "a refusal on GitHub",
      (state: string) => ({
        error: "access_denied",
        error_description: "The user has denied your application access.",
        state,
      }),
      true,
      failing(() => Response.json({ access_token: "t" })),
      400,
      cmsAuthMessages.denied,
    ],
    [
      "a used or unknown code",
      (state: string) => ({ code: "c", state }),
      true,
      failing(() =>
        Response.json({
          error: "bad_verification_code",
          error_description: "The code passed is incorrect or expired.",
        }),
      ),
      400,
      cmsAuthMessages.refused,
    ],
    [
      "GitHub unreachable",
      (state: string) => ({ code: "c", state }),
      true,
      failing(() => Promise.reject(new TypeError("fetch failed"))),
      502,
      cmsAuthMessages.unreachable,
    ],
    [
      "GitHub failing",
      (state: string) => ({ code: "c", state }),
      true,
      failing(() => new Response("<html>", { status: 503 })),
      502,
      cmsAuthMessages.unreachable,
    ],
  ])(
    "ends %s in the popup with a French message and no token",
    async (_case, query, withCookie, fetch, status, message) => {
      const auth = createCmsAuth({ settings, fetch });
      const { state, cookie } = await started(auth);
      const answer = await auth.callback(request(query(state), withCookie ? cookie : undefined));
      expect(answer.status).toBe(status);
      expect(outcomeOf(answer.body)).toEqual({ status: "error", content: { message } });
      expect(answer.body).not.toContain('"token"');
      expect(answer.body).toContain(message.replace(/'/g, "&#39;"));
    },
  );

  it("gives GitHub a time limit", async () => {
    // A GitHub that never answers: only the exchange's own signal ends the wait.
    const abortable = (async (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      )) as typeof fetch;
    const auth = createCmsAuth({ settings, fetch: abortable, timeoutMs: 50 });
    const { state, cookie } = await started(auth);
    const answer = await auth.callback(request({ code: "c", state }, cookie));
    expect(outcomeOf(answer.body)).toEqual({
      status: "error",
      content: { message: cmsAuthMessages.unreachable },
    });
  });

  it("refuses any method but GET and HEAD", async () => {
    const answer = await createCmsAuth({ settings }).callback({ ...request({}), method: "POST" });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
  });
});

describe("cmsAuthSettings", () => {
  it("reads the client and GitHub's address, github.com by default", () => {
    expect(cmsAuthSettings({ CMS_GITHUB_CLIENT_ID: "id", CMS_GITHUB_CLIENT_SECRET: "s" })).toEqual({
      clientId: "id",
      clientSecret: "s",
      githubUrl: "https://github.com",
    });
    expect(gitHubUrl("https://ghe.example.fr/")).toBe("https://ghe.example.fr");
    expect(cmsAuthSettings({})).toBeUndefined();
  });

  it.each([
    [{ CMS_GITHUB_CLIENT_ID: "id" }, "CMS_GITHUB_CLIENT_SECRET manque"],
    [{ CMS_GITHUB_CLIENT_SECRET: "s" }, "CMS_GITHUB_CLIENT_ID manque"],
    [{ CMS_GITHUB_URL: "github.com" }, "CMS_GITHUB_URL=github.com : attendu l'adresse de GitHub"],
    [{ CMS_GITHUB_URL: "ftp://ghe.example.fr" }, "CMS_GITHUB_URL=ftp://ghe.example.fr : attendu"],
  ])("refuses %p in French", (env, message) => {
    expect(() => cmsAuthSettings(env)).toThrow(message);
  });
});
