import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { ErrorBody } from "../../../shared/quote-request/quote-api";
import { failurePagePath } from "../../deploy/preview-deploy";
import type { PreviewPattern } from "../../deploy/preview-names";
import { previewBuildId, previewSite, readPreview } from "../../deploy/previews";
import {
  noSuchPreview,
  pageHeaders,
  previewBuilding,
  previewFailed,
} from "../previews/preview-pages";
import { loadSiteFiles, type SiteFiles } from "../site-files";
import { sendMethodNotAllowed } from "./errors";
import { sendFrom, sendNotFound, urlPathOf } from "./site";

// The drafts' previews (src/server/deploy/preview-deploy.ts), each on its own origin: PREVIEW_URL
// with the preview's name in the host. A request to such a host is answered from that preview's
// build alone, never from the published site, and nothing else of the server answers there: no
// form reaches sales (the API says in French that this is a preview), no admin, and every answer
// tells search engines to stay away. A name no preview has, guessed or removed, gets the same
// French page.

export interface PreviewsOptions {
  /** DEPLOY_DIR, resolved: where the previews are. */
  dir: string;
  /** PREVIEW_URL, read. */
  pattern: PreviewPattern;
}

/** What the form's toast says when a visitor of a preview sends it. */
export const previewFormMessage =
  "Ceci est un aperçu du site, non publié : les demandes envoyées ici ne parviennent à personne.";

/** Previews whose file lists stay in memory: DEPLOY_KEEP_PREVIEWS is at most 100. */
const maxLoaded = 100;

const reading = (method: string) => method === "GET" || method === "HEAD";

export default fp<PreviewsOptions>(
  async (app, { dir, pattern }) => {
    // Each preview's build, loaded once: a new build has a new id.
    const loaded = new Map<string, { id: string; files: SiteFiles }>();
    const filesOf = (name: string, id: string) => {
      const known = loaded.get(name);
      if (known?.id === id) return known.files;
      // Removed previews are forgotten at the latest when the list grows past what is kept.
      if (loaded.size >= maxLoaded) loaded.clear();
      const files = loadSiteFiles(previewSite(dir, name, id));
      loaded.set(name, { id, files });
      return files;
    };
    const sendPage = (reply: FastifyReply, status: number, html: string) =>
      reply.code(status).headers(pageHeaders).send(html);

    app.addHook("onRequest", async (request, reply) => {
      const name = pattern.nameOf(request.host);
      if (name === null) return;
      reply.header("x-robots-tag", "noindex, nofollow");
      const path = urlPathOf(request.url) ?? "";
      // A preview counts no audience: its beacon is dropped with the answer a counted one gets,
      // so that the draft's readers see no error in their console.
      if (path === "/api/audience")
        return reply.header("cache-control", "no-store").code(204).send();
      if (path.startsWith("/api/")) {
        return reply.sendJson(403, { messageText: previewFormMessage } satisfies ErrorBody);
      }
      if (!reading(request.method)) {
        return sendMethodNotAllowed(reply, ["GET", "HEAD"]);
      }
      const preview = readPreview(dir, name);
      if (!preview) {
        loaded.delete(name);
        return sendPage(reply, 404, noSuchPreview());
      }
      if (path === failurePagePath) {
        return preview.failure
          ? sendPage(reply, 200, previewFailed(preview))
          : reply.header("cache-control", "no-store").redirect("/", 302);
      }
      const id = previewBuildId(dir, name);
      if (id === null) {
        if (preview.state === "failed") return sendPage(reply, 200, previewFailed(preview));
        return sendPage(reply.header("retry-after", "30"), 503, previewBuilding(preview));
      }
      const files = filesOf(name, id);
      // The admin signs in on the published site only.
      if (path === "/admin" || path.startsWith("/admin/")) {
        return sendNotFound(reply, files);
      }
      return sendFrom(request, reply, files);
    });
  },
  { name: "previews", fastify: "5.x", dependencies: ["site"] },
);
