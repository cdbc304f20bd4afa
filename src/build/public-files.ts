import { readdirSync } from "node:fs";
import path from "node:path";

/** Every file under a folder (the built site in `public/`), relative to it, with forward slashes. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join("/"));
}
