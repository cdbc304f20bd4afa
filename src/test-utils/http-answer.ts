import type { IncomingMessage } from "node:http";

// An HTTP answer as the tests read it, whole: for the fixture site (fixture-site.ts) and for the
// proxy in front of the real server (tests/pipeline/caddy.test.ts), which must not load the app.

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A response read to its end. */
export function answerOf(response: IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.on("error", reject);
    response.on("end", () =>
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks),
      }),
    );
  });
}
