import { mkdir, open, rename, stat, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { processLogger } from "../log/logger";

// An append-only file of JSON lines, read incrementally: the owner is handed each complete line
// once, with its byte offset, and only the bytes appended since the last look are ever read again.
// So the cost of an operation does not grow with the file, and lines appended by another process
// (`npm run leads`) are still seen before the next decision.

/** Called for each complete line (without its "\n"), with the line's byte offset and length. */
export type LineReader = (text: string, offset: number, length: number) => void;

const chunkBytes = 64 * 1024;
const newline = 0x0a;

function isMissingFile(error: unknown): boolean {
  // Not `instanceof Error`: errors from Node's own modules fail that test inside a vm context.
  return typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT";
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class JsonLinesFile {
  private handle: FileHandle | undefined;
  /** The inode read so far: another one at the same path (rotated, replaced) is read anew. */
  private inode: number | undefined;
  /** Bytes [0, linesEnd) are complete lines already handed to the reader. */
  private linesEnd = 0;
  /** Bytes [0, seenSize) have been looked at; past linesEnd they are a line with no "\n" yet. */
  private seenSize = 0;
  private warnedTornAt: number | undefined;

  constructor(
    readonly path: string,
    private readonly onLine: LineReader,
    /** The file was replaced or truncated: forget everything read from it. */
    private readonly forget: () => void,
  ) {}

  /**
   * False when the last line has no "\n": a write cut short (a crash, a full disk). The next
   * append then starts with "\n", so that the torn line stays alone and unreadable, and the new
   * line whole.
   */
  get endsWithNewline(): boolean {
    return this.linesEnd === this.seenSize;
  }

  /** Reads whatever was appended since the last call. Callers serialise calls (one at a time). */
  async catchUp(): Promise<void> {
    let size: number;
    let inode: number;
    try {
      ({ size, ino: inode } = await stat(this.path));
    } catch (error) {
      if (!isMissingFile(error)) throw error;
      if (this.inode !== undefined) await this.reset();
      return;
    }
    if (this.inode !== undefined && (inode !== this.inode || size < this.seenSize)) {
      await this.reset();
    }
    this.inode = inode;
    if (size === this.seenSize) return;
    const handle = await this.openHandle();
    await this.readFrom(handle, size);
  }

  /** Appends the lines in one write and resolves once they are on disk (fsync). */
  async append(lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    await this.catchUp();
    const created = this.inode === undefined;
    const text = `${this.endsWithNewline ? "" : "\n"}${lines.map((line) => `${line}\n`).join("")}`;
    const handle = await this.openHandle();
    await handle.writeFile(text, "utf8");
    // The caller tells the visitor "received" only once the line would survive a power cut.
    await handle.sync();
    // A new file survives a power cut only once its folder's entry is on disk too.
    if (created) await syncFolder(dirname(this.path));
    // The new lines are read back like any other: one path indexes every line.
    await this.catchUp();
  }

  /** The text of the line at `offset`, `length` bytes long. */
  async readAt(offset: number, length: number): Promise<string> {
    const handle = await this.openHandle();
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.toString("utf8", 0, bytesRead);
  }

  /** Every complete line from the start, for a full listing; does not change what was read. */
  async *allLines(): AsyncGenerator<string> {
    if (this.inode === undefined) return;
    const handle = await this.openHandle();
    let rest = Buffer.alloc(0);
    for (let position = 0; position < this.linesEnd;) {
      const buffer = Buffer.alloc(Math.min(chunkBytes, this.linesEnd - position));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      let data = Buffer.concat([rest, buffer.subarray(0, bytesRead)]);
      for (let end = data.indexOf(newline); end !== -1; end = data.indexOf(newline)) {
        yield data.toString("utf8", 0, end);
        data = data.subarray(end + 1);
      }
      rest = data;
    }
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }

  private async openHandle(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    await mkdir(dirname(this.path), { recursive: true });
    // "a+": every write goes to the end, whatever the position; reads take explicit positions.
    this.handle = await open(this.path, "a+");
    this.inode = (await this.handle.stat()).ino;
    return this.handle;
  }

  private async reset(): Promise<void> {
    await this.close();
    this.inode = undefined;
    this.linesEnd = 0;
    this.seenSize = 0;
    this.warnedTornAt = undefined;
    this.forget();
  }

  private async readFrom(handle: FileHandle, size: number): Promise<void> {
    let position = this.linesEnd;
    let pending = Buffer.alloc(0);
    while (position < size) {
      const buffer = Buffer.alloc(Math.min(chunkBytes, size - position));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      let data = pending.length ? Buffer.concat([pending, buffer.subarray(0, bytesRead)]) : buffer;
      data = data.subarray(0, pending.length + bytesRead);
      let start = 0;
      for (let end = data.indexOf(newline); end !== -1; end = data.indexOf(newline, start)) {
        this.onLine(data.toString("utf8", start, end), this.linesEnd, end - start);
        this.linesEnd += end - start + 1;
        start = end + 1;
      }
      pending = data.subarray(start);
    }
    this.seenSize = position;
    if (!this.endsWithNewline && this.warnedTornAt !== this.linesEnd) {
      this.warnedTornAt = this.linesEnd;
      processLogger().warn(
        `${this.path}: the last line (byte ${this.linesEnd}) has no end, a write cut ` +
          "short; it is kept as it is and the next record starts on a line of its own.",
      );
    }
  }
}

/**
 * Rewrites the file at `path` with only the lines `keep` accepts (purge by date, erasure on
 * request: deleted data must leave the disk, not be marked). The new file is written beside it,
 * flushed, then renamed over it, so a crash leaves the old file or the new one, never half of
 * one. A process appending meanwhile (the server, while `npm run leads -- erase` runs) notices
 * the new file at its next append (a JsonLinesFile checks the inode first); lines it appended to
 * the old file in between are copied over after a short wait, so none is lost.
 */
export async function rewriteLines(path: string, keep: (line: string) => boolean): Promise<void> {
  let old: FileHandle;
  try {
    old = await open(path, "r");
  } catch (error) {
    if (isMissingFile(error)) return;
    throw error;
  }
  try {
    const read = async (from: number): Promise<{ lines: string[]; end: number }> => {
      const { size } = await old.stat();
      const buffer = Buffer.alloc(Math.max(0, size - from));
      await old.read(buffer, 0, buffer.length, from);
      const text = buffer.toString("utf8");
      // Only complete lines: a torn last line (a write cut short) was never acknowledged.
      const complete = text.slice(0, text.lastIndexOf("\n") + 1);
      return {
        lines: complete.split("\n").filter((line) => line !== ""),
        end: from + Buffer.byteLength(complete),
      };
    };
    const first = await read(0);
    const temporary = `${path}.rewrite-${process.pid}`;
    const kept = first.lines.filter(keep);
    // Nothing to delete (the daily purge, most days): the file is left as it is.
    if (kept.length === first.lines.length) return;
    const handle = await open(temporary, "w");
    try {
      await handle.writeFile(kept.map((line) => `${line}\n`).join(""), "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
    await syncFolder(dirname(path));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const late = (await read(first.end)).lines.filter(keep);
    if (late.length > 0) {
      const again = await open(path, "a");
      try {
        await again.writeFile(late.map((line) => `${line}\n`).join(""), "utf8");
        await again.sync();
      } finally {
        await again.close();
      }
    }
  } finally {
    await old.close();
  }
}
