import { once } from "node:events";
import { Server as NetServer, type Socket } from "node:net";
import fp from "fastify-plugin";

// Stopping without cutting a post on its way, as Fastify's close() runs (serve.ts, on SIGTERM):
// before Fastify closes the server, this preClose hook stops listening and waits for each open
// connection to end. Node's http close() would also drop every idle kept-alive connection at
// once, cutting the post a client may be sending on one that very moment; so the listening socket
// alone is closed first (net.Server's close). Each connection then carries at most one more
// request, answered with `Connection: close` (./request-log.ts); those still idle after
// `idleGraceMs` are closed. Fastify's own close then finds none left, and the services' onClose
// hooks (src/server/services/) run once every answer is sent.

export interface DrainOptions {
  /** How long a kept-alive connection may stay idle, once stopping, before it is closed. */
  idleGraceMs: number;
}

export default fp<DrainOptions>(
  async (app, { idleGraceMs }) => {
    const connections = new Set<Socket>();
    app.server.on("connection", (socket: Socket) => {
      connections.add(socket);
      socket.once("close", () => connections.delete(socket));
    });
    app.addHook("preClose", async () => {
      if (!app.server.listening) return;
      NetServer.prototype.close.call(app.server);
      app.log.info(`No longer listening; ${connections.size} connection(s) to finish`);
      const idle = setTimeout(() => app.server.closeIdleConnections(), idleGraceMs);
      await Promise.all([...connections].map((socket) => once(socket, "close")));
      clearTimeout(idle);
    });
  },
  { name: "drain", fastify: "5.x" },
);
