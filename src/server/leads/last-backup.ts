import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isBackupName } from "./backup-file";

// The last backup of BACKUP_DIR, as /readyz (src/server/http/readiness.ts) and the metrics
// (src/server/metrics/metrics.ts) read it: its age and size.

/**
 * The newest backup of a folder (named as `npm run leads -- backup` names them: not a copy being
 * written), or null (none, or the folder missing).
 */
export function newestBackup(folder: string): { mtimeMs: number; size: number } | null {
  let newest: { mtimeMs: number; size: number } | null = null;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return null;
  }
  for (const name of names.filter(isBackupName)) {
    const stat = statSync(join(folder, name), { throwIfNoEntry: false });
    if (stat?.isFile() && (!newest || stat.mtimeMs > newest.mtimeMs)) newest = stat;
  }
  return newest;
}
