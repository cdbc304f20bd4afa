import { Writable } from "node:stream";
import { createLogger } from "../server/log/logger";

// A logger as the server makes it (src/server/log/logger.ts), writing into memory: each JSON
// line the code under test logs, parsed, in order.

export type LogLine = Record<string, unknown> & { msg?: string; reqId?: string; level: number };

export function captureLog() {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const line of String(chunk).split("\n"))
        if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { log: createLogger("info", destination), lines };
}
