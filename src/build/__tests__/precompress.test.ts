/** @jest-environment node */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompress } from "../precompress";

// The build's Brotli and gzip copies, made in a folder of real files.

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "precompress-"));
  mkdirSync(join(dir, "nested/deeper"), { recursive: true });
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (word: string) => `${word} `.repeat(400);

it("writes .br and .gz beside each text file over 1 KiB, at any depth, that decode to it", async () => {
  const files = {
    "index.html": text("<p>page</p>"),
    "nested/deeper/app-0123.js": text("console.log(1);"),
    "nested/styles.css": text("a{color:red}"),
    "page-data.json": JSON.stringify({ words: text("mot") }),
  };
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);

  const summary = await precompress(dir);

  expect(summary.files).toBe(4);
  for (const [file, content] of Object.entries(files)) {
    expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).toString()).toBe(content);
    expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).toString()).toBe(content);
  }
  expect(summary.brotliBytes).toBeLessThan(summary.bytes / 10);
});

it("leaves small files, images and source maps alone", async () => {
  writeFileSync(join(dir, "small.js"), "console.log(1);");
  writeFileSync(join(dir, "image.png"), Buffer.alloc(5000));
  writeFileSync(join(dir, "app.js.map"), text("map"));

  expect((await precompress(dir)).files).toBe(0);
  for (const file of ["small.js", "image.png", "app.js.map"]) {
    expect(existsSync(join(dir, `${file}.br`))).toBe(false);
    expect(existsSync(join(dir, `${file}.gz`))).toBe(false);
  }
});

it("keeps a copy newer than its file and makes a stale one again", async () => {
  const page = join(dir, "index.html");
  writeFileSync(page, text("première"));
  await precompress(dir);
  // A copy left from an older build, older than the file now there.
  writeFileSync(page, text("seconde"));
  const past = new Date(Date.now() - 60_000);
  utimesSync(`${page}.br`, past, past);
  writeFileSync(`${page}.gz`, "a copy still fresh");
  const future = new Date(Date.now() + 60_000);
  utimesSync(`${page}.gz`, future, future);

  await precompress(dir);

  expect(brotliDecompressSync(readFileSync(`${page}.br`)).toString()).toBe(text("seconde"));
  expect(readFileSync(`${page}.gz`, "utf8")).toBe("a copy still fresh");
});

it("keeps an older copy that still decodes to its file, and remakes one that does not", async () => {
  const same = join(dir, "same.html");
  const changed = join(dir, "changed.html");
  writeFileSync(same, text("identique"));
  writeFileSync(changed, text("avant"));
  await precompress(dir);
  // As Gatsby does at every build: each page written again, the copies now older than it.
  const past = new Date(Date.now() - 60_000);
  for (const copy of [`${same}.br`, `${same}.gz`, `${changed}.br`, `${changed}.gz`]) {
    utimesSync(copy, past, past);
  }
  const keptBr = readFileSync(`${same}.br`);
  writeFileSync(same, text("identique"));
  writeFileSync(changed, text("après"));

  const summary = await precompress(dir);

  expect(summary.made).toBe(2);
  expect(readFileSync(`${same}.br`).equals(keptBr)).toBe(true);
  expect(gunzipSync(readFileSync(`${same}.gz`)).toString()).toBe(text("identique"));
  expect(brotliDecompressSync(readFileSync(`${changed}.br`)).toString()).toBe(text("après"));
  expect(gunzipSync(readFileSync(`${changed}.gz`)).toString()).toBe(text("après"));
});

it("remakes a copy it cannot decode", async () => {
  const page = join(dir, "index.html");
  writeFileSync(page, text("page"));
  const past = new Date(Date.now() - 60_000);
  writeFileSync(`${page}.br`, "not brotli");
  utimesSync(`${page}.br`, past, past);

  await precompress(dir);

  expect(brotliDecompressSync(readFileSync(`${page}.br`)).toString()).toBe(text("page"));
});
