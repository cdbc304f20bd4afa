/** @jest-environment node */
import { createHmac } from "node:crypto";
import { previewPattern } from "../preview-names";
import { isAuthentic, readPush } from "../push-webhook";

// The webhook's checks, with payloads and headers as GitHub and GitLab document them
// (docs.github.com « Webhook events and payloads », « Validating webhook deliveries »;
// docs.gitlab.com « Webhook events », push events).

const secret = "a secret of the webhook, 32 chars";
const previews = { ...previewPattern("https://{name}.apercu.hestia.test")!, keep: 10 };
const settings = { repository: "hestia/site", branch: "main", previews };
const commit = "3f786850e387550fdab836ed7e6dc881de23001b";

const githubPush = (overrides: Record<string, unknown> = {}) => ({
  ref: "refs/heads/main",
  before: "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
  after: commit,
  created: false,
  deleted: false,
  forced: false,
  repository: { id: 1, name: "site", full_name: "hestia/site" },
  pusher: { name: "claire", email: "claire@hestia.test" },
  head_commit: {
    id: commit,
    message: "Chiffres : taux de recouvrement 2025\n\nMis à jour depuis l'administration",
    author: { name: "Claire Martin", email: "claire@hestia.test", username: "claire" },
  },
  commits: [],
  ...overrides,
});

const signed = (body: Buffer, key = secret) =>
  `sha256=${createHmac("sha256", key).update(body).digest("hex")}`;

const githubHeaders = (body: Buffer, event = "push") => ({
  "x-github-event": event,
  "x-github-delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958",
  "x-hub-signature-256": signed(body),
  "content-type": "application/json",
});

describe("GitHub's signature", () => {
  const body = Buffer.from(JSON.stringify(githubPush()));

  test("the HMAC-SHA256 of the raw body with the secret is authentic", () => {
    expect(isAuthentic("github", githubHeaders(body), body, secret)).toBe(true);
  });

  test("GitHub's own example: secret « It's a Secret to Everybody », body « Hello, World! »", () => {
    const example = Buffer.from("Hello, World!");
    const headers = {
      "x-hub-signature-256":
        "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
    };
    expect(isAuthentic("github", headers, example, "It's a Secret to Everybody")).toBe(true);
  });

  test.each([
    ["no signature", {}],
    ["a signature for another body", { "x-hub-signature-256": signed(Buffer.from("{}")) }],
    ["a signature with another secret", { "x-hub-signature-256": signed(body, "another") }],
    ["the old SHA-1 header only", { "x-hub-signature": "sha1=0123456789abcdef" }],
    ["a malformed signature", { "x-hub-signature-256": "sha256=zz" }],
    ["the bare digest", { "x-hub-signature-256": signed(body).slice(7) }],
  ])("%s is refused", (_name, headers) => {
    expect(isAuthentic("github", headers, body, secret)).toBe(false);
  });
});

describe("GitLab's token", () => {
  test("the secret token itself, nothing else", () => {
    const body = Buffer.from("{}");
    expect(isAuthentic("gitlab", { "x-gitlab-token": secret }, body, secret)).toBe(true);
    expect(isAuthentic("gitlab", { "x-gitlab-token": `${secret} ` }, body, secret)).toBe(false);
    expect(isAuthentic("gitlab", { "x-gitlab-token": "" }, body, secret)).toBe(false);
    expect(isAuthentic("gitlab", {}, body, secret)).toBe(false);
  });
});

describe("what a delivery asks", () => {
  const read = (payload: unknown, event = "push") => {
    const body = Buffer.from(typeof payload === "string" ? payload : JSON.stringify(payload));
    return readPush("github", githubHeaders(body, event), body, settings);
  };

  test("a push to the branch: its commit, author and subject line", () => {
    expect(read(githubPush())).toEqual({
      status: 202,
      reason: `queued: ${commit}`,
      delivery: "72d3162e-cc78-11e3-81ab-4c9367dc0958",
      deploy: {
        commit,
        author: { name: "Claire Martin", email: "claire@hestia.test" },
        message: "Chiffres : taux de recouvrement 2025",
      },
    });
  });

  test("a ping is answered, nothing deployed", () => {
    const verdict = read({ zen: "Design for failure.", hook_id: 1 }, "ping");
    expect(verdict.status).toBe(200);
    expect(verdict.deploy).toBeUndefined();
  });

  test.each([
    ["another branch", githubPush({ ref: "refs/heads/feature/brouillon" })],
    ["a tag", githubPush({ ref: "refs/tags/v1.0.0" })],
    ["another repository", githubPush({ repository: { full_name: "hestia/site-fork" } })],
    ["no repository", githubPush({ repository: undefined })],
    ["the branch deleted", githubPush({ after: "0".repeat(40), deleted: true })],
  ])("%s: answered 202, ignored", (_name, payload) => {
    const verdict = read(payload);
    expect(verdict.status).toBe(202);
    expect(verdict.reason).toMatch(/^ignored/);
    expect(verdict.deploy).toBeUndefined();
  });

  test("another event is ignored", () => {
    const verdict = read(githubPush(), "issues");
    expect(verdict.status).toBe(202);
    expect(verdict.deploy).toBeUndefined();
  });

  test.each([
    ["not JSON", "{ref: refs/heads/main"],
    ["JSON but not an object", "[1, 2]"],
    ["a commit that is not forty hex digits", githubPush({ after: "HEAD; rm -rf /" })],
    ["a short commit id", githubPush({ after: commit.slice(0, 12) })],
    ["an option in place of a commit", githubPush({ after: "--upload-pack=touch /tmp/x" })],
    ["a commit in capitals", githubPush({ after: commit.toUpperCase() })],
  ])("%s: 400, nothing deployed", (_name, payload) => {
    const verdict = read(payload);
    expect(verdict.status).toBe(400);
    expect(verdict.deploy).toBeUndefined();
  });

  test("GitLab's push hook: its project path and checkout_sha", () => {
    const payload = {
      object_kind: "push",
      ref: "refs/heads/main",
      before: "95790bf891e76fee5e1747ab589903a6a1f80f22",
      after: commit,
      checkout_sha: commit,
      project: { path_with_namespace: "hestia/site" },
      commits: [
        {
          id: commit,
          message: "Témoignage ajouté\n",
          author: { name: "Claire Martin", email: "claire@hestia.test" },
        },
      ],
    };
    const body = Buffer.from(JSON.stringify(payload));
    const headers = { "x-gitlab-event": "Push Hook", "x-gitlab-token": secret };
    expect(readPush("gitlab", headers, body, settings)).toMatchObject({
      status: 202,
      deploy: { commit, author: { email: "claire@hestia.test" }, message: "Témoignage ajouté" },
    });
  });
});

describe("a draft's branch (the admin's editorial workflow, cms/…)", () => {
  const read = (payload: unknown, withPreviews = true) => {
    const body = Buffer.from(JSON.stringify(payload));
    return readPush("github", githubHeaders(body, "push"), body, {
      ...settings,
      previews: withPreviews ? previews : null,
    });
  };

  test("a push asks for its preview; the branch deleted, for its removal", () => {
    expect(read(githubPush({ ref: "refs/heads/cms/figures/figures" }))).toMatchObject({
      status: 202,
      draft: { branch: "cms/figures/figures", deleted: false },
    });
    expect(
      read(
        githubPush({ ref: "refs/heads/cms/figures/figures", deleted: true, after: "0".repeat(40) }),
      ),
    ).toMatchObject({ status: 202, draft: { branch: "cms/figures/figures", deleted: true } });
  });

  test.each([
    ["two dots", "refs/heads/cms/figures/../../main"],
    ["a space", "refs/heads/cms/figures/mon brouillon"],
    ["a doubled slash", "refs/heads/cms//figures"],
    ["a final slash", "refs/heads/cms/figures/"],
    ["a hidden part", "refs/heads/cms/.git/config"],
    ["300 characters", `refs/heads/cms/${"a".repeat(296)}`],
    ["a control character", "refs/heads/cms/figures\u0000"],
  ])("a branch with %s builds nothing, and its name is not echoed whole", (_what, ref) => {
    const verdict = read(githubPush({ ref }));
    expect(verdict).toMatchObject({ status: 202 });
    expect(verdict.draft).toBeUndefined();
    expect(verdict.deploy).toBeUndefined();
    expect(verdict.reason.length).toBeLessThan(200);
  });

  test("outside cms/, or with previews off, a branch is ignored", () => {
    expect(read(githubPush({ ref: "refs/heads/feature/x" })).draft).toBeUndefined();
    expect(
      read(githubPush({ ref: "refs/heads/cms/figures/figures" }), false).draft,
    ).toBeUndefined();
  });
});
