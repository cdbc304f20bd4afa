import { createHash } from "node:crypto";
import { mkdirSync, realpathSync, rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { join } from "node:path";

// The embedded engine (PGlite: PostgreSQL compiled to WebAssembly) for hosts without a database
// server. One process at a time opens the data folder, the first to take its lock: the site's
// server (or `gatsby develop`), else a command of `npm run leads`. That process serves the engine
// on a Unix socket in the folder, and every process, the host itself included, speaks to it
// there with `pg`, as to PostgreSQL.

/** Where the store reaches the embedded engine: `pg`'s `host` (a folder holding the socket). */
export interface EmbeddedEndpoint {
  socketFolder: string;
  /** Set when this process hosts the engine: stops it and gives the folder's lock back. */
  stop?: () => Promise<void>;
}

const socketName = ".s.PGSQL.5432"; // what `pg` (and psql -h FOLDER) look for in a folder

/**
 * The lock: a Unix socket that only one process can listen on, released by the kernel when that
 * process ends, however it ends. On Linux it lives in the abstract namespace (no file left behind
 * by a kill -9); elsewhere it is a file in the folder, replaced when nobody answers on it. A
 * process that finds it taken connects to it and is told when the engine is ready.
 */
function lockAddress(folder: string): string {
  if (process.platform !== "linux") return join(folder, ".lock.sock");
  const hash = createHash("sha256").update(realpathSync(folder)).digest("hex").slice(0, 32);
  return `\0recouvrement-loyers-leads-${hash}`;
}

function listen(server: Server, address: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.removeListener("listening", onListening);
      if (error.code === "EADDRINUSE") resolve(false);
      else reject(error);
    };
    const onListening = () => {
      server.removeListener("error", onError);
      resolve(true);
    };
    server.once("error", onError).once("listening", onListening);
    server.listen(address);
  });
}

type Holder = "ready" | "gone";

/** Connects to the lock's holder and resolves once it says the engine is ready, or is gone. */
function waitForHolder(address: string): Promise<Holder | "nobody"> {
  return new Promise((resolve) => {
    let said = "";
    const socket = connect(address);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      said += chunk;
      if (said.includes("ready\n")) {
        socket.end();
        resolve("ready");
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? "nobody" : "gone"),
    );
    socket.on("close", () => resolve("gone"));
  });
}

async function host(folder: string, lock: Server): Promise<EmbeddedEndpoint> {
  const waiting = new Set<import("node:net").Socket>();
  let ready = false;
  lock.on("connection", (socket) => {
    socket.on("error", () => {});
    if (ready) socket.end("ready\n");
    else waiting.add(socket);
  });
  try {
    // A socket left by a host killed before it could remove it: the lock says nobody serves it.
    rmSync(join(folder, socketName), { force: true });
    // Loaded by Node at run time, not bundled: under `gatsby develop` the Gatsby Function is a
    // webpack bundle, and PGlite finds its WebAssembly files beside its own module.
    const { PGlite } = await import(/* webpackIgnore: true */ "@electric-sql/pglite");
    const { PGLiteSocketServer } = await import(
      /* webpackIgnore: true */ "@electric-sql/pglite-socket"
    );
    const db = await PGlite.create(join(folder, "pgdata"));
    const server = new PGLiteSocketServer({
      db,
      path: join(folder, socketName),
      // The server's pool and a command's two connections; more queue rather than fail.
      maxConnections: 64,
    });
    await server.start();
    ready = true;
    for (const socket of waiting) socket.end("ready\n");
    waiting.clear();
    return {
      socketFolder: folder,
      stop: async () => {
        await server.stop();
        await db.close();
        await new Promise<void>((resolve) => lock.close(() => resolve()));
      },
    };
  } catch (error) {
    for (const socket of waiting) socket.destroy();
    lock.close();
    throw error;
  }
}

/**
 * Opens the data folder's engine: hosts it when no other process does, else waits for the
 * process that does to be ready. Tries at most a few times when a holder goes away meanwhile.
 */
export async function openEmbedded(folder: string): Promise<EmbeddedEndpoint> {
  mkdirSync(folder, { recursive: true });
  const address = lockAddress(folder);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const lock = createServer();
    if (await listen(lock, address)) return host(folder, lock);
    const holder = await waitForHolder(address);
    if (holder === "ready") return { socketFolder: folder };
    // A lock file nobody listens on (non-Linux only): its process ended; take its place.
    if (holder === "nobody" && !address.startsWith("\0")) rmSync(address, { force: true });
  }
  throw new Error(
    `the embedded database in ${folder} could not be opened: its lock keeps changing hands`,
  );
}
