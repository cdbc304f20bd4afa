import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { readContentSource } from "./content-source";
import { cmsSettings, type CmsSettings } from "../cms/settings";

// The admin at /admin/, built apart from the site: decap-cms's prebuilt bundle (its own React
// inside) copied from node_modules as it is published, and this site's part (src/cms/cms.tsx: the
// collections and the previews, drawn by the site's components with the site's React 18)
// bundled by esbuild in a few seconds. The site's webpack never sees either.

// From the project's folder, where builds run (Gatsby's compiled gatsby-node has no require.resolve).
// Decap is installed apart from the site's tree, in decap/ (its package.json says why), by the
// site's own `npm ci` (package.json's postinstall).
const decapDist = path.resolve("decap/node_modules/decap-cms/dist");

/** decap-cms.js, the chunks it loads from its own folder, and its licence notice. */
const isDecapFile = (file: string) =>
  file === "decap-cms.js" ||
  file === "decap-cms.js.LICENSE.txt" ||
  /^\d+\.decap-cms\.js$/.test(file) ||
  file.endsWith(".wasm");

const page = (siteScript: string) => `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="none">
<title>Administration du contenu</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
</head>
<body>
<script src="${siteScript}"></script>
<script src="decap-cms.js"></script>
</body>
</html>
`;

/**
 * Writes `contents` to `file` unless the file already holds them: a file left untouched keeps its
 * Brotli and gzip copies from the last build (src/build/precompress.ts keeps a copy newer than its
 * file), so a build after a content change does not compress Decap's 4.5 MB again.
 */
function writeIfChanged(file: string, contents: Uint8Array | string): void {
  const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
  if (existsSync(file) && readFileSync(file).equals(bytes)) return;
  writeFileSync(file, bytes);
}

/**
 * Writes public/admin/: Decap's files, the site's part (admin.js, admin.css and the fonts it
 * names), the site's icon, and index.html, which is not a Gatsby page (no sitemap lists it) and
 * asks search engines to skip it. Files of an earlier build that are no longer part of the admin
 * (an older Decap's chunks) are removed with their compressed copies. Returns the settings it was
 * built with.
 */
export async function buildAdmin(publicDir: string, env: NodeJS.ProcessEnv): Promise<CmsSettings> {
  const settings = cmsSettings(env);
  const adminDir = path.join(publicDir, "admin");
  mkdirSync(adminDir, { recursive: true });
  if (!existsSync(decapDist)) {
    throw new Error(`${decapDist} is missing: run npm ci, whose postinstall installs decap/`);
  }
  const files = new Map<string, Uint8Array | string>();
  for (const file of readdirSync(decapDist).filter(isDecapFile)) {
    files.set(file, readFileSync(path.join(decapDist, file)));
  }
  const { outputFiles } = await build({
    entryPoints: { admin: path.resolve("src/cms/cms.tsx") },
    outdir: adminDir,
    write: false,
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    jsx: "automatic",
    logLevel: "warning",
    assetNames: "[name]-[hash]",
    loader: { ".module.css": "local-css", ".woff2": "file", ".woff": "file", ".svg": "file" },
    define: {
      __CMS_SETTINGS__: JSON.stringify(settings),
      __CMS_PREVIEW_STYLE__: JSON.stringify("/admin/admin.css"),
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
  });
  for (const output of outputFiles)
    files.set(path.relative(adminDir, output.path), output.contents);
  files.set("favicon.svg", readFileSync(path.resolve("static/favicon.svg")));
  files.set("logo.svg", Buffer.from(signInLogo(companyName())));
  files.set("index.html", page("admin.js"));

  for (const [file, contents] of files) writeIfChanged(path.join(adminDir, file), contents);
  const kept = (file: string) => files.has(file.replace(/\.(br|gz)$/, ""));
  for (const file of readdirSync(adminDir).filter((file) => !kept(file))) {
    rmSync(path.join(adminDir, file), { recursive: true, force: true });
  }
  return settings;
}

/** The company's name as marketing writes it (content/company/company.md). */
function companyName(): string {
  const { name } = readContentSource("company", "company.md").fields;
  return typeof name === "string" ? name : "";
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

/**
 * The sign-in screen's image (Decap's logo_url, src/cms/config.ts): the site's mark and the
 * company's name under it, so that an editor knows whose admin this is. Decap shows it at 300 px.
 */
export function signInLogo(name: string): string {
  // Bold sans-serif letters average about 0.6 em: a long name gets smaller, within 280 px.
  const size = Math.min(26, Math.floor(430 / Math.max(name.length, 1)));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" role="img" aria-label="${escapeXml(name)}">
<g transform="translate(96 40) scale(3)"><rect width="36" height="36" rx="9" fill="#16365f"/><path d="M8 17.5L18 9l10 8.5" fill="none" stroke="#f4c96b" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><path d="M11.5 26.5l4.5-4.5 3 3 5.5-6" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></g>
<text x="150" y="210" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#16365f">${escapeXml(name)}</text>
<text x="150" y="245" text-anchor="middle" font-family="system-ui, sans-serif" font-size="17" fill="#3d4f66">Administration du site</text>
</svg>
`;
}
