import path from "node:path";
import { inFrench, parisInstant } from "../shared/content-model/paris-time";
import { filesOutOfForce, type ScheduledFile } from "../shared/content-model/schedule";
import { readScheduledFiles, siteAsOf } from "./schedule";

/** The build's instant, the files it leaves out, and what no single file's check can see. */
export function checkScheduled(siteDir: string): {
  asOf: Date;
  unsourced: ScheduledFile[];
  problems: string[];
} {
  const { asOf } = siteAsOf(siteDir);
  const files = readScheduledFiles(path.join(siteDir, "content"));
  return { asOf, unsourced: filesOutOfForce(files, asOf), problems: sameInstantVersions(files) };
}

/**
 * Two versions of one legal page applicable from the same instant (or both undated): which one
 * applies could only be guessed.
 */
function sameInstantVersions(files: readonly ScheduledFile[]): string[] {
  const seen = new Map<string, ScheduledFile>();
  const problems: string[] = [];
  for (const file of files.filter((entry) => entry.kind === "legal")) {
    const page = file.fields.path;
    const from = parisInstant(file.fields.applicableFrom);
    const key = `${String(page)} ${from?.getTime() ?? "always"}`;
    const other = seen.get(key);
    if (!other) {
      seen.set(key, file);
      continue;
    }
    const when = from ? `à partir du ${inFrench(from)}` : "sans « applicableFrom »";
    problems.push(
      `${file.file} : champ « applicableFrom » : ${other.file} est déjà une version de la page « ${String(page)} » applicable ${when} : donner à la nouvelle version une date « applicableFrom » plus tardive`,
    );
  }
  return problems;
}
