import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// React 18's streaming server renderer, which Gatsby uses for every page, sometimes leaves a NUL
// byte where a multi-byte character (an "é") did not fit at the end of its write buffer: the
// unused byte is written out with the rest. Browsers drop it from text, but it makes the file
// binary to tools, and inside an inline script it would change the script's hash. Fixed in
// React 19; until then, the built pages are repaired, before anything reads or hashes them.

/** The HTML without NUL bytes, which no valid HTML contains. */
export function withoutNullBytes(html: string): string {
  return html.replaceAll("\u0000", "");
}

/** Removes NUL bytes from every HTML file under `publicDir`; returns the files it repaired. */
export function repairHtmlFiles(publicDir: string): string[] {
  const repaired: string[] = [];
  for (const entry of readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = readFileSync(file, "utf8");
    const clean = withoutNullBytes(html);
    if (clean !== html) {
      writeFileSync(file, clean);
      repaired.push(path.relative(publicDir, file));
    }
  }
  return repaired;
}
