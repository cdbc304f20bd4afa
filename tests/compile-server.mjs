// Jest's globalSetup for every suite that starts the server or a CLI in a process of its own:
// they run dist/server/*.mjs, as `npm run serve`, `npm run leads` and `npm run site` do, so it is
// compiled from the sources under test first (about a second; see scripts/build-server.mjs).
import { buildServer } from "../scripts/build-server.mjs";

export default async function compileServer() {
  await buildServer();
}
