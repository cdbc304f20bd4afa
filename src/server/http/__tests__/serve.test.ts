/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedSettings } from "../../../test-utils/leads";
import { personHeaders, testChallengeSecret } from "../../../test-utils/anti-bot";
import { openLeadStore } from "../../leads/open-store";
import { nodeArgs } from "../../../test-utils/compiled-server";

// `npm run serve` as a process of its own, stopped with SIGTERM while requests are in flight:
// each of them still gets its answer, each accepted lead is on disk, whole, and the process
// exits cleanly.

let dir: string;
let server: ChildProcess;
let port: number;
let output = "";

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "serve-"));
  mkdirSync(join(dir, "public"));
  writeFileSync(join(dir, "public/index.html"), "<!doctype html><title>Accueil</title>");
  writeFileSync(join(dir, "public/404.html"), "<!doctype html><title>Introuvable</title>");
  writeFileSync(join(dir, "public/_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  output = "";
  // The compiled server, the built site from the working folder, as in production.
  server = spawn(process.execPath, nodeArgs("serve"), {
    cwd: dir,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      QUOTE_DATABASE_DIR: join(dir, "leads"),
      // Posts as the form sends them (solved challenges), eight from one address at once.
      QUOTE_CHALLENGE_SECRET: testChallengeSecret,
      QUOTE_RATE_LIMIT: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  port = await new Promise<number>((done, fail) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      const listening = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening) done(Number(listening[1]));
    });
    server.on("exit", () => fail(new Error(`the server stopped:\n${output}`)));
  });
}, 120_000);

afterEach(() => {
  if (server.exitCode === null) server.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const body = (index: number) =>
  JSON.stringify({
    firstName: "Jeanne",
    lastName: "Dupont",
    email: "jeanne.dupont@office-hlm.fr",
    phone: "01 23 45 67 89",
    company: `Office HLM n° ${index}`,
    message: "Nous souhaitons externaliser le recouvrement de 120 dossiers.",
    rgpd: true,
  });

/**
 * A kept-alive connection that has had one answer (so the server has accepted it), then a post
 * whose headers and first half are sent now; `finish` sends the rest and resolves with the
 * answer.
 */
async function startPost(index: number): Promise<{ finish: () => Promise<string> }> {
  const socket: Socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  while (!received.endsWith("</title>")) await once(socket, "data");
  received = "";

  const bytes = Buffer.from(body(index));
  const person = Object.entries(await personHeaders())
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const half = Math.floor(bytes.length / 2);
  const closed = once(socket, "close");
  // Expect: 100-continue makes the server say when it has read the headers: from then on the
  // request is in flight, not an idle connection.
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${bytes.length}\r\nIdempotency-Key: shutdown-${index}\r\n` +
      `Expect: 100-continue\r\n${person}\r\n`,
  );
  while (!received.includes("\r\n\r\n")) await once(socket, "data");
  expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
  received = "";
  socket.write(bytes.subarray(0, half));
  return {
    finish: async () => {
      // Not end(): a client that half-closes has its request aborted by Node's HTTP server.
      socket.write(bytes.subarray(half));
      // The server closes the connection after its answer, since it is stopping.
      await closed;
      return received;
    },
  };
}

it("on SIGTERM, finishes the posts in flight, stores each whole, refuses new connections, exits 0", async () => {
  const inFlight = await Promise.all(Array.from({ length: 8 }, (_, index) => startPost(index)));
  const exited = once(server, "exit");
  server.kill("SIGTERM");
  // The server's word that its listening socket is closed.
  while (!output.includes("No longer listening")) await once(server.stdout!, "data");
  expect(output).toMatch(/No longer listening; 8 connection\(s\) to finish/);

  // No new connection once it has stopped listening.
  const late = connect(port, "127.0.0.1");
  const [refused] = (await once(late, "error")) as [NodeJS.ErrnoException];
  expect(refused.code).toBe("ECONNREFUSED");

  const answers = await Promise.all(inFlight.map((post) => post.finish()));
  for (const answer of answers) {
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    // The server says it will close the connection rather than keep it for another request.
    expect(answer).toMatch(/^connection: close\r$/im);
  }
  const [code] = (await exited) as [number];
  expect(code).toBe(0);
  expect(output).toContain("SIGTERM: finishing the requests in flight");

  // The server gone, this process opens its data folder, as `npm run leads` would.
  const store = await openLeadStore(embeddedSettings(join(dir, "leads")));
  const stored = await store.leads.list();
  await store.close();
  const ids = answers.map(
    (answer) => (JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { id: string }).id,
  );
  expect(stored.map((lead) => lead.id).sort()).toEqual(ids.sort());
}, 120_000);
