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
 * Brotli's top level costs about 3 s per MB: worth it for what visitors load (every bundle is
 * well under 1 MB), not for the admin's 4.5 MB bundle, where level 9 takes a tenth of the time
 * for a file 10 % larger.
 */
const brotliQuality = (bytes: number) =>
  bytes <= 1_000_000 ? zlib.constants.BROTLI_MAX_QUALITY : 9;
/** zlib runs on libuv's four threads: more at once would only queue. */
const concurrency = 4;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function isFresh(copy: string, sourceTime: number): Promise<boolean> {
  try {
    return (await stat(copy)).mtimeMs >= sourceTime;
  } catch {
    return false;
  }
}

async function compressFile(file: string, summary: PrecompressSummary): Promise<void> {
  const { size, mtimeMs } = await stat(file);
  if (size < minBytes) return;
  // A copy newer than its file is kept: an incremental build leaves most bundles as they were.
  const [brFresh, gzFresh] = await Promise.all([
    isFresh(`${file}.br`, mtimeMs),
    isFresh(`${file}.gz`, mtimeMs),
  ]);
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brFresh
      ? readFile(`${file}.br`)
      : brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(source.length),
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
    gzFresh ? readFile(`${file}.gz`) : gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (!brFresh) await writeFile(`${file}.br`, br);
  if (!gzFresh) await writeFile(`${file}.gz`, gz);
  summary.files += 1;
  summary.bytes += source.length;
  summary.brotliBytes += br.length;
  summary.gzipBytes += gz.length;
}

/** Writes `.br` and `.gz` beside every text file of `publicDir` over 1 KiB. */
export async function precompress(publicDir: string): Promise<PrecompressSummary> {
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      await compressFile(file, summary);
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
  const { files, bytes, brotliBytes, gzipBytes } = await precompress(publicDir);
  const kB = (value: number) => `${Math.round(value / 1000)} kB`;
  reporter.info(
    `Precompressed ${files} files (${kB(bytes)}): Brotli ${kB(brotliBytes)}, gzip ${kB(gzipBytes)}`,
  );
}
