import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { withoutUserInfo } from "./redact";
import { deployPaths, listReleases } from "./releases";

// What the deploys of a DEPLOY_DIR are doing and have done, in DEPLOY_DIR/state.json: a deploy
// cut short (SIGTERM, a crash) is finished at the next start, and /api/deploy/status and
// `npm run site` read the same thing. Only the holder of the deploy lock (lock.ts) writes it.

export interface DeployState {
  state: "idle" | "building" | "failed";
  /** The deploy under way: the commit asked for (null: the branch's newest), the one built once known, since when. */
  building: { requested: string | null; commit: string | null; since: string } | null;
  /** The last deploy that did not go live (cleared by the next one that does). */
  failure: { commit: string | null; at: string; message: string; problems: string[] } | null;
  /** The last `npm run site -- rollback`, until a deploy goes live after it. */
  rollback: { at: string; from: string | null; to: string } | null;
  /** The server code whose change was last emailed about (its hash), so that it is told once. */
  serverNotified: string | null;
}

const initial: DeployState = {
  state: "idle",
  building: null,
  failure: null,
  rollback: null,
  serverNotified: null,
};

export function readDeployState(dir: string): DeployState {
  try {
    return { ...initial, ...JSON.parse(readFileSync(deployPaths(dir).state, "utf8")) };
  } catch {
    return { ...initial };
  }
}

/** Writes `text` beside `file`, then renames it over: a reader finds the old file or the new. */
export function replaceFile(file: string, text: string): void {
  writeFileSync(`${file}.${process.pid}`, text, { mode: 0o600 });
  renameSync(`${file}.${process.pid}`, file);
}

/** Writes the state (the caller holds the deploy lock), whole. */
export function writeDeployState(dir: string, state: DeployState): void {
  replaceFile(deployPaths(dir).state, `${JSON.stringify(state, null, 2)}\n`);
}

/** A JSON list of texts kept under DEPLOY_DIR, or none when it is missing or unreadable. */
export function readTextList(file: string): string[] {
  try {
    const stored: unknown = JSON.parse(readFileSync(file, "utf8"));
    return Array.isArray(stored) ? stored.filter((item) => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** How many push deliveries are remembered, so that one sent again deploys nothing. */
const rememberedDeliveries = 1000;

/**
 * Records a push delivery's id; false when it was already received, by this process or one
 * before it (a host's « Redeliver », a replay after a restart).
 */
export function rememberDelivery(dir: string, id: string): boolean {
  const { deliveries: file } = deployPaths(dir);
  const seen = readTextList(file);
  if (seen.includes(id)) return false;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const kept = [...seen, id].slice(-rememberedDeliveries);
  replaceFile(file, JSON.stringify(kept));
  return true;
}

/** The live release's commit, or null before the first deploy. */
export const liveCommit = (dir: string): string | null =>
  listReleases(dir).find((release) => release.live)?.commit ?? null;

/**
 * What /api/deploy/status answers: no personal data (no author, no email), no credential.
 * `serverCode` is the running server's (releases.ts, serverCodeHash): a live site built with
 * other server code says that the server must be updated.
 */
export function deployStatus(dir: string, serverCode: string | null) {
  const state = readDeployState(dir);
  const live = listReleases(dir).find((release) => release.live);
  return {
    state: state.state,
    live: live ? { commit: live.commit, since: live.builtAt } : null,
    building: state.building
      ? { commit: state.building.commit ?? state.building.requested, since: state.building.since }
      : null,
    failure: state.failure
      ? {
          commit: state.failure.commit,
          at: state.failure.at,
          message: withoutUserInfo(state.failure.message),
          problems: state.failure.problems.map(withoutUserInfo),
        }
      : null,
    rollback: state.rollback,
    serverUpdate:
      live?.serverCode && serverCode && live.serverCode !== serverCode
        ? {
            commit: live.commit,
            message:
              "le code du serveur a changé dans la version en ligne : mettez le serveur à jour (docs/operations.md, section « Updating the server »)",
          }
        : null,
  };
}
