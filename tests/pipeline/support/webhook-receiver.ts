import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Webhook } from "standardwebhooks";

// A local webhook receiver, written the way docs/api.md tells a CRM to: it verifies each call's
// Standard Webhooks signature with the shared secret. Each test scripts its answers in turn.

export type Answer = { status: number } | "hang";

export interface ReceivedCall {
  id: string;
  verified: boolean;
  payload: unknown;
  headers: IncomingMessage["headers"];
}

export class TestWebhookReceiver {
  readonly calls: ReceivedCall[] = [];
  /** Answers used in order, one per call; when empty, 200. */
  readonly answers: Answer[] = [];
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();

  constructor(
    readonly port: number,
    readonly secret: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/leads`;
  }

  /** Calls that carried a valid signature, one per webhook-id. */
  verifiedIds(): string[] {
    return [...new Set(this.calls.filter((c) => c.verified).map((c) => c.id))];
  }

  start(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        if (req.method !== "POST") {
          res.writeHead(405, { allow: "POST" }).end();
          return;
        }
        const body = Buffer.concat(chunks).toString("utf8");
        let verified = false;
        let payload: unknown = null;
        try {
          payload = new Webhook(this.secret).verify(body, {
            "webhook-id": String(req.headers["webhook-id"]),
            "webhook-timestamp": String(req.headers["webhook-timestamp"]),
            "webhook-signature": String(req.headers["webhook-signature"]),
          });
          verified = true;
        } catch {
          payload = JSON.parse(body) as unknown;
        }
        this.calls.push({
          id: String(req.headers["webhook-id"]),
          verified,
          payload,
          headers: req.headers,
        });
        const answer = this.answers.shift() ?? { status: 200 };
        if (answer === "hang") {
          this.hanging.add(res);
          return;
        }
        res.writeHead(answer.status, { "content-type": "text/plain" }).end("ok");
      });
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
