import React from "react";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { optional, type } from "superstruct";
import { EmailSender } from "../../../delivery/email";
import { oneLine } from "../../../one-line";
import {
  ConfirmSignInPage,
  LinkSentPage,
  NoTeamPage,
  SignInPage,
} from "../../../team/pages/sign-in-pages";
import {
  checkLinkRequest,
  issueLink,
  secretHash,
  sessionLifetimeMs,
  secretShape,
  startSession,
} from "../../../team/sign-in";
import { signInMessage } from "../../../team/team-emails";
import {
  redirectTo,
  refuse,
  sameOrigin,
  sendPage,
  sessionCookie,
  cookieOptions,
  Text,
  type TeamContext,
} from "./respond";
import type { SuperstructTypes } from "../../superstruct-schemas";

// Signing in and out: the inbox's address, signed out, asks for an email address (the same
// answer whatever it is; that page is ./lead-routes.tsx's inboxRoute), the emailed link opens a
// page whose button starts the session, « Se déconnecter » ends it on the server.

/** The address asked for a link. */
const LinkForm = type({ email: optional(Text) });
/** The link's token, in its address and in the form that starts the session. */
const TokenFields = type({ jeton: optional(Text) });

export function signInRoutes(plugin: FastifyInstance, options: TeamContext) {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  const { store, team, email, teamUrl, refusals } = options;
  const linksBeingSent = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.all(linksBeingSent);
  });

  // The sign-in's two forms: refused while no one is allowed, and when posted from another site.
  const signInForm = {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (team.size === 0) return sendPage(reply, <NoTeamPage />, 403);
      if (!sameOrigin(request, teamUrl)) {
        await refusals.record(
          undefined,
          "formulaire de connexion venu d'une autre origine",
          request.id,
        );
        return refuse(
          request,
          reply,
          403,
          "Ce formulaire ne vient pas de la boîte des demandes.",
          "origin",
        );
      }
    },
  };

  app.post("/lien", { ...signInForm, schema: { body: LinkForm } }, async (request, reply) => {
    const checked = await checkLinkRequest(store, request.body.email ?? "", request.ip);
    if (checked.outcome === "malformed") {
      return sendPage(reply, <SignInPage error="Cette adresse email n'est pas valide." />, 400);
    }
    if (checked.outcome === "limited") {
      request.log.warn("team: sign-in link refused, too many requests");
      return sendPage(
        reply.header("retry-after", String(checked.retryAfterSeconds)),
        <SignInPage error="Trop de liens de connexion ont été demandés : réessayez dans un quart d'heure." />,
        429,
      );
    }
    // The same answer at once, whoever asked; the link is made and sent after it, for a member
    // only: the time that takes would otherwise tell who is on the list. Tracked from now, so
    // that a stop waits for a link being sent (onClose, below).
    const sending = new Promise((resolve) => setImmediate(resolve))
      .then(() =>
        issueLink(store, team, checked.address, async (to, token) => {
          // A team comes with the SMTP relay its links go through: config.ts refuses one without.
          const sender = new EmailSender(email!.smtpUrl);
          try {
            await sender.send(signInMessage(to, email!.from, teamUrl, token));
          } finally {
            sender.close();
          }
        }),
      )
      .then(
        (member) => request.log.info({ member }, "team: sign-in link asked"),
        (error: unknown) => request.log.error(`team: sign-in link not sent: ${oneLine(error)}`),
      );
    linksBeingSent.add(sending);
    void sending.finally(() => linksBeingSent.delete(sending));
    return sendPage(reply, <LinkSentPage />);
  });

  // The link's page does nothing by itself: a mail scanner that follows links does not sign in.
  app.get("/connexion", { schema: { querystring: TokenFields } }, async (request, reply) => {
    if (team.size === 0) return sendPage(reply, <NoTeamPage />, 403);
    const token = request.query.jeton;
    if (token === undefined || !secretShape.test(token)) {
      await refusals.record(undefined, "lien de connexion mal formé", request.id);
      return refuse(
        request,
        reply,
        400,
        "Ce lien de connexion n'est pas valide : demandez-en un nouveau.",
        "malformed link",
      );
    }
    return sendPage(reply, <ConfirmSignInPage token={token} />);
  });

  app.post(
    "/connexion",
    { ...signInForm, schema: { body: TokenFields } },
    async (request, reply) => {
      // The link spent, the session made and its line in the journal: together, or none.
      const started = await store.transaction(async (repos) => {
        const begun = await startSession(repos, team, request.body.jeton ?? "");
        if (begun) {
          await repos.audit.record({
            at: begun.session.createdAt,
            actor: begun.session.email,
            action: "sign-in",
            leadId: null,
            detail: `rôle : ${begun.session.role}`,
            requestId: request.id,
          });
        }
        return begun;
      });
      if (!started) {
        await refusals.record(
          undefined,
          "lien de connexion déjà servi, expiré ou inconnu",
          request.id,
        );
        return refuse(
          request,
          reply,
          400,
          "Ce lien de connexion a déjà servi, a expiré ou n'est pas valide : demandez-en un nouveau.",
          "link used, expired or unknown",
        );
      }
      reply.setCookie(sessionCookie, started.secret, {
        ...cookieOptions,
        maxAge: sessionLifetimeMs / 1000,
      });
      return redirectTo(reply, "/equipe/");
    },
  );
}

/** « Se déconnecter »: the session ends on the server, its cookie goes. */
export function signOutRoute(app: FastifyInstance, { store }: TeamContext) {
  const form = type({ csrf: optional(Text) });
  app
    .withTypeProvider<SuperstructTypes>()
    .post("/deconnexion", { schema: { body: form } }, async (request, reply) => {
      const now = new Date();
      await store.transaction(async ({ team: sessions, audit }) => {
        await sessions.endSession(secretHash(request.cookies[sessionCookie]!), now);
        await audit.record({
          at: now.toISOString(),
          actor: request.teamSession!.email,
          action: "sign-out",
          leadId: null,
          detail: null,
          requestId: request.id,
        });
      });
      reply.clearCookie(sessionCookie, cookieOptions);
      return redirectTo(reply, "/equipe/");
    });
}
