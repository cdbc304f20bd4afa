import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

// Brotli and gzip copies of the built text files, made once at build time at the highest levels
// (`page.html.br`, `page.html.gz` beside `page.html`): the production server sends them as they
// are to a browser that accepts them (@fastify/static's preCompressed), instead of compressing
// each answer again, at a lower level, on every request.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Not source maps: only developer tools fetch them, and they are the largest files by far.
const compressible = /\.(html|js|css|json|svg|xml|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than a packet. */
const minBytes = 1024;
/**
 * Brotli's top level costs about 1.5 s per MB on a build machine: worth it for what visitors load
 * (every bundle is well under 1 MB), not for the admin (`admin/`, 6 MB that only marketing loads)
 * nor for any file over 1 MB, where level 9 takes a tenth of the time for a file 5 to 10 % larger.
 */
const brotliQuality = (relativePath: string, bytes: number) =>
  relativePath.startsWith(`admin${path.sep}`) || bytes > 1_000_000
    ? 9
    : zlib.constants.BROTLI_MAX_QUALITY;
/** zlib runs on libuv's four threads: more at once would only queue. */
const concurrency = 4;

export interface PrecompressSummary {
  files: number;
  /** Copies compressed by this build; the others were still valid. */
  made: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

const brotliDecompress = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

/**
 * The size of the copy beside `file`, if it still holds the file. A copy newer than its file is
 * kept without reading either: an incremental build leaves most bundles untouched. An older one
 * is read back: Gatsby writes every page again at each build (its scripts slice is stitched
 * afresh), mostly to the same bytes, and decoding a copy costs a few milliseconds where making it
 * again at Brotli's top level costs about 1.5 s per MB.
 */
async function validCopySize(
  copy: string,
  file: { mtimeMs: number; read: () => Promise<Buffer> },
  decode: (bytes: Buffer) => Promise<Buffer>,
): Promise<number | null> {
  try {
    const { mtimeMs, size } = await stat(copy);
    if (mtimeMs >= file.mtimeMs) return size;
    return (await decode(await readFile(copy))).equals(await file.read()) ? size : null;
  } catch {
    return null; // no copy, or not one this build can read: made again
  }
}

async function compressFile(
  publicDir: string,
  file: string,
  summary: PrecompressSummary,
): Promise<void> {
  const { size, mtimeMs } = await stat(file);
  if (size < minBytes) return;
  let source: Promise<Buffer> | undefined;
  const read = () => (source ??= readFile(file));
  const [brKept, gzKept] = await Promise.all([
    validCopySize(`${file}.br`, { mtimeMs, read }, brotliDecompress),
    validCopySize(`${file}.gz`, { mtimeMs, read }, gunzip),
  ]);
  const brotliBytes =
    brKept ??
    (await writeCopy(
      `${file}.br`,
      await brotli(await read(), {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(
            path.relative(publicDir, file),
            size,
          ),
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
    ));
  const gzipBytes =
    gzKept ??
    (await writeCopy(
      `${file}.gz`,
      await gzip(await read(), { level: zlib.constants.Z_BEST_COMPRESSION }),
    ));
  summary.files += 1;
  summary.made += (brKept === null ? 1 : 0) + (gzKept === null ? 1 : 0);
  summary.bytes += size;
  summary.brotliBytes += brotliBytes;
  summary.gzipBytes += gzipBytes;
}

async function writeCopy(copy: string, bytes: Buffer): Promise<number> {
  await writeFile(copy, bytes);
  return bytes.length;
}

/** Writes `.br` and `.gz` beside every text file of `publicDir` over 1 KiB. */
export async function precompress(publicDir: string): Promise<PrecompressSummary> {
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const summary: PrecompressSummary = { files: 0, made: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      await compressFile(publicDir, file, summary);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summary;
}

/** The one line gatsby-node's onPostBuild calls, after every other change to public/. */
export async function precompressBuild(
  publicDir: string,
  reporter: { info(message: string): void },
): Promise<void> {
  const { files, made, bytes, brotliBytes, gzipBytes } = await precompress(publicDir);
  const kB = (value: number) => `${Math.round(value / 1000)} kB`;
  reporter.info(
    `Precompressed ${files} files (${kB(bytes)}): Brotli ${kB(brotliBytes)}, gzip ${kB(gzipBytes)}; ` +
      `${made} copies made, the others still valid`,
  );
}
