import { execFileSync } from "node:child_process";

// Git as the admin's editor commits: the signed-in editor's name and address on every commit,
// which a failed deploy's email goes back to.

export const editorEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: "Claire Martin",
  GIT_AUTHOR_EMAIL: "claire@hestia.test",
  GIT_COMMITTER_NAME: "Claire Martin",
  GIT_COMMITTER_EMAIL: "claire@hestia.test",
};

/** Runs git in `cwd` as that editor; resolves to its output, trimmed. */
export const gitAs = (cwd: string, ...args: string[]): string =>
  execFileSync("git", args, { cwd, env: editorEnv, encoding: "utf8" }).trim();
