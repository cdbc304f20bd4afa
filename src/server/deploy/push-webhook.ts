import { createHmac } from "node:crypto";
import { sameSecret } from "../same-secret";
import { draftBranchPrefix, draftBranchProblem } from "./preview-names";
import type { DeploySettings } from "./deploy-settings";

// A git host's push webhook, checked before anything else and read into the one thing a deploy
// needs: which commit. GitHub signs the raw body (X-Hub-Signature-256: HMAC-SHA256 with the
// webhook's secret, docs.github.com « Validating webhook deliveries »); GitLab sends the secret
// itself as X-Gitlab-Token (docs.gitlab.com « Webhooks »). Nothing from the payload reaches a
// command but a commit id checked to be forty hex digits and a draft's branch name checked by
// preview-names.ts (letters, digits and `._-/`, under `cms/`, never `..`); git runs without a shell.

export type GitHost = "github" | "gitlab";

export type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** What the webhook answers, and the commit to deploy when there is one. */
export interface PushVerdict {
  status: 200 | 202 | 400 | 401;
  /** Why, for the log and the host's delivery page (English: machines and operators read it). */
  reason: string;
  /** The host's id of this delivery, when it sent one: a replay is the same id again. */
  delivery?: string;
  deploy?: { commit: string; author: { name: string; email: string } | null; message: string };
  /** A draft's branch pushed (its preview to build) or deleted (its preview to remove). */
  draft?: { branch: string; deleted: boolean };
}

const commitPattern = /^[0-9a-f]{40}$/;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function isAuthentic(
  host: GitHost,
  headers: Headers,
  body: Buffer,
  secret: string,
): boolean {
  if (host === "gitlab") {
    const token = header(headers, "x-gitlab-token");
    return token !== undefined && sameSecret(token, secret);
  }
  const signature = header(headers, "x-hub-signature-256");
  if (signature === undefined || !/^sha256=[0-9a-f]{64}$/.test(signature)) return false;
  const expected = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  return sameSecret(signature, expected);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The push's author and message, as the host reports its head commit. */
function headCommit(
  payload: Json,
  commit: string,
): Omit<NonNullable<PushVerdict["deploy"]>, "commit"> {
  const commits = Array.isArray(payload.commits) ? payload.commits.filter(isObject) : [];
  const head = isObject(payload.head_commit)
    ? payload.head_commit
    : (commits.find((c) => c.id === commit) ?? commits.at(-1));
  const author = isObject(head?.author) ? head.author : null;
  return {
    author:
      author && text(author.email) ? { name: text(author.name), email: text(author.email) } : null,
    message: text(head?.message).split("\n", 1)[0] ?? "",
  };
}

/**
 * Reads a webhook delivery whose authenticity is already checked: a ping, a push to the
 * configured repository and branch (to deploy), or anything else (answered and ignored).
 */
export function readPush(
  host: GitHost,
  headers: Headers,
  body: Buffer,
  settings: Pick<DeploySettings, "repository" | "branch" | "previews">,
): PushVerdict {
  const delivery = header(headers, host === "github" ? "x-github-delivery" : "x-gitlab-event-uuid");
  const event = header(headers, host === "github" ? "x-github-event" : "x-gitlab-event");
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString("utf8"));
  } catch {
    return { status: 400, reason: "the body is not JSON", delivery };
  }
  if (!isObject(payload)) return { status: 400, reason: "the body is not a JSON object", delivery };
  if (host === "github" && event === "ping") return { status: 200, reason: "pong", delivery };
  if (event !== (host === "github" ? "push" : "Push Hook")) {
    return { status: 202, reason: `ignored: event ${event ?? "(none)"}`, delivery };
  }
  const repository =
    host === "github"
      ? isObject(payload.repository)
        ? text(payload.repository.full_name)
        : ""
      : isObject(payload.project)
        ? text(payload.project.path_with_namespace)
        : "";
  if (repository.toLowerCase() !== settings.repository.toLowerCase()) {
    return { status: 202, reason: `ignored: repository ${repository || "(none)"}`, delivery };
  }
  const ref = text(payload.ref);
  const commit = text(host === "gitlab" ? (payload.checkout_sha ?? payload.after) : payload.after);
  const deleted = /^0{40}$/.test(text(payload.after)) || payload.deleted === true;
  if (ref !== `refs/heads/${settings.branch}`) {
    // Quoted shortened: a ref is any text the payload holds.
    const shown = JSON.stringify(ref.slice(0, 80)) + (ref.length > 80 ? "…" : "");
    const branch = ref.replace(/^refs\/heads\//, "");
    if (!settings.previews || !ref.startsWith(`refs/heads/${draftBranchPrefix}`)) {
      return { status: 202, reason: `ignored: ref ${ref ? shown : "(none)"}`, delivery };
    }
    const problem = draftBranchProblem(branch);
    if (problem) return { status: 202, reason: `ignored: ref ${shown}: ${problem}`, delivery };
    if (deleted) {
      return {
        status: 202,
        reason: "preview removed: the branch was deleted",
        delivery,
        draft: { branch, deleted },
      };
    }
    if (!commitPattern.test(commit)) {
      return { status: 400, reason: "the pushed commit is not forty hex digits", delivery };
    }
    return {
      status: 202,
      reason: `preview queued: ${commit}`,
      delivery,
      draft: { branch, deleted },
    };
  }
  if (deleted) {
    return { status: 202, reason: "ignored: the branch was deleted", delivery };
  }
  if (!commitPattern.test(commit)) {
    return { status: 400, reason: "the pushed commit is not forty hex digits", delivery };
  }
  return {
    status: 202,
    reason: `queued: ${commit}`,
    delivery,
    deploy: { commit, ...headCommit(payload, commit) },
  };
}
