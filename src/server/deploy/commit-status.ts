import { publicationStatusContext } from "../../shared/deploy-statuses";
import type { LeadLogger } from "../log/logger";
import { oneLine } from "../one-line";
import type { CommitStatusSettings } from "./deploy-settings";

// Each build told to GitHub as a commit status on the commit it built (docs.github.com, REST
// « Commit statuses », POST /repos/{owner}/{repo}/statuses/{sha}): the admin's editorial
// workflow shows « Voir l'aperçu » with the target_url of a status whose context holds "deploy".
// DEPLOY_GITHUB_TOKEN is a fine-grained token with "Commit statuses: write" on CMS_REPO alone.
// A report that fails (a token without that right, GitHub unreachable) is logged and dropped:
// it never holds a build back, and the next build reports again.

export interface CommitStatus {
  state: "pending" | "success" | "failure" | "error";
  /** The preview's address, the problems' page, the live site. */
  targetUrl: string;
  /** French, shown in the admin and on GitHub: at most 140 characters (GitHub's limit). */
  description: string;
  /** deploy/apercu for a draft's preview, deploy/publication for the published branch. */
  context: string;
}

export interface ReportStatus {
  (commit: string, status: CommitStatus): void;
  /** Resolves once every report made so far is sent or given up. */
  settled(): Promise<void>;
}

/** For a server without DEPLOY_GITHUB_TOKEN. */
export const noReports: ReportStatus = Object.assign(() => {}, { settled: async () => {} });

/** GitHub's limit on a description; a longer one is refused (422). */
const maxDescription = 140;

/** How long a report may take before it is given up. */
const timeoutMs = 10_000;

/** Shortens `text` to GitHub's limit, on a word where it can. */
export function statusDescription(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= maxDescription) return line;
  const cut = line.slice(0, maxDescription - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > 100 ? cut.slice(0, space) : cut}…`;
}

/**
 * A reporter whose reports leave in the order they are made (pending before success), one at a
 * time, without the caller waiting for any of them.
 */
export function commitStatuses(settings: CommitStatusSettings, log: LeadLogger): ReportStatus {
  let queue: Promise<void> = Promise.resolve();
  const send = async (commit: string, status: CommitStatus) => {
    const url = `${settings.apiRoot}/repos/${settings.repository}/statuses/${commit}`;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          accept: "application/vnd.github+json",
          authorization: `Bearer ${settings.token}`,
          "content-type": "application/json",
          "user-agent": "hestia-site-deploy",
          "x-github-api-version": "2022-11-28",
        },
        body: JSON.stringify({
          state: status.state,
          target_url: status.targetUrl,
          description: statusDescription(status.description),
          context: status.context,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer();
      if (response.status === 201) return;
      const why =
        response.status === 401
          ? "DEPLOY_GITHUB_TOKEN is refused (expired or revoked)"
          : response.status === 403 || response.status === 404
            ? `DEPLOY_GITHUB_TOKEN lacks "Commit statuses: write" on ${settings.repository}`
            : `GitHub answered ${response.status}`;
      log.error({ commit, context: status.context }, `commit status not reported: ${why}`);
    } catch (error) {
      log.error(
        { commit, context: status.context },
        `commit status not reported: GitHub unreachable (${oneLine(error)})`,
      );
    }
  };
  const report = (commit: string, status: CommitStatus) => {
    if (!/^[0-9a-f]{40}$/.test(commit)) return;
    queue = queue.then(() => send(commit, status));
  };
  return Object.assign(report, { settled: () => queue });
}

/** The published branch's status: its context, its link (the site, or the admin's notice of a failure). */
export function publicationStatus(
  state: "pending" | "success" | "failure",
  siteUrl: string,
  failure = "",
): CommitStatus {
  const description = {
    pending: "Mise en ligne en cours",
    success: "En ligne",
    failure,
  }[state];
  const targetUrl = state === "failure" ? `${siteUrl}/admin/` : siteUrl;
  return { state, targetUrl, description, context: publicationStatusContext };
}
