import React from "react";
import type { FastifyInstance } from "fastify";
import { EmailSender } from "../../../delivery/email";
import { oneLine } from "../../../one-line";
import {
  ConfirmSignInPage,
  LinkSentPage,
  NoTeamPage,
  SignInPage,
} from "../../../team/pages/sign-in-pages";
import { requestLink, secretHash, sessionLifetimeMs, startSession } from "../../../team/sign-in";
import { signInMessage } from "../../../team/team-emails";
import { inboxPage } from "./leads";
import {
  formField,
  redirectTo,
  refuse,
  sameOrigin,
  sendPage,
  sessionCookie,
  type Guard,
  type TeamRoutesOptions,
} from "./respond";

// Signing in and out: the inbox's address asks for an email address (the same answer whatever
// it is), the emailed link opens a page whose button starts the session, « Se déconnecter »
// ends it on the server.

const cookieOptions = {
  path: "/",
  httpOnly: true,
  secure: true,
  sameSite: "strict" as const,
};

export function signInRoutes(app: FastifyInstance, options: TeamRoutesOptions, guard: Guard) {
  const { store, team, email, siteUrl } = options;

  app.get("/equipe/", async (request, reply) => {
    if (team.size === 0) return sendPage(reply, <NoTeamPage />);
    // Signed out: the sign-in page, with a 200 (this is the inbox's front door).
    if (!request.cookies[sessionCookie]) return sendPage(reply, <SignInPage />);
    const refused = await guard(request, reply);
    if (refused) return refused;
    return inboxPage(request, reply, options);
  });

  app.post("/equipe/lien", async (request, reply) => {
    if (team.size === 0) return sendPage(reply, <NoTeamPage />, 403);
    if (!sameOrigin(request, siteUrl)) {
      return refuse(
        request,
        reply,
        403,
        "Ce formulaire ne vient pas de la boîte des demandes.",
        "origin",
      );
    }
    const outcome = await requestLink(
      await store(),
      team,
      formField(request, "email"),
      request.ip,
      // Sent after the answer: the time sending takes would tell who is on the list.
      async (to, token) => {
        const sender = new EmailSender(email!.smtpUrl);
        sender
          .send(signInMessage(to, email!.from, siteUrl, token))
          .catch((error: unknown) =>
            request.log.error(`team: sign-in link not sent: ${oneLine(error)}`),
          )
          .finally(() => sender.close());
      },
    );
    request.log.info({ outcome: outcome.outcome }, "team: sign-in link asked");
    if (outcome.outcome === "malformed") {
      return sendPage(reply, <SignInPage error="Cette adresse email n'est pas valide." />, 400);
    }
    if (outcome.outcome === "limited") {
      return sendPage(
        reply.header("retry-after", String(outcome.retryAfterSeconds)),
        <SignInPage error="Trop de liens de connexion ont été demandés : réessayez dans un quart d'heure." />,
        429,
      );
    }
    return sendPage(reply, <LinkSentPage />);
  });

  // The link's page does nothing by itself: a mail scanner that follows links does not sign in.
  app.get("/equipe/connexion", async (request, reply) => {
    if (team.size === 0) return sendPage(reply, <NoTeamPage />, 403);
    const token = (request.query as Record<string, unknown>).jeton;
    if (typeof token !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
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

  app.post("/equipe/connexion", async (request, reply) => {
    if (team.size === 0) return sendPage(reply, <NoTeamPage />, 403);
    if (!sameOrigin(request, siteUrl)) {
      return refuse(
        request,
        reply,
        403,
        "Ce formulaire ne vient pas de la boîte des demandes.",
        "origin",
      );
    }
    const opened = await store();
    const started = await startSession(opened, team, formField(request, "jeton"));
    if (!started) {
      return refuse(
        request,
        reply,
        400,
        "Ce lien de connexion a déjà servi, a expiré ou n'est pas valide : demandez-en un nouveau.",
        "link used, expired or unknown",
      );
    }
    const { session } = started;
    await opened.audit({
      at: session.createdAt,
      actor: session.email,
      action: "sign-in",
      leadId: null,
      detail: `rôle : ${session.role}`,
      requestId: request.id,
    });
    reply.setCookie(sessionCookie, started.secret, {
      ...cookieOptions,
      maxAge: sessionLifetimeMs / 1000,
    });
    return redirectTo(reply, "/equipe/");
  });

  app.post("/equipe/deconnexion", async (request, reply) => {
    const refused = await guard(request, reply);
    if (refused) return refused;
    const opened = await store();
    const now = new Date();
    await opened.endSession(secretHash(request.cookies[sessionCookie]!), now);
    await opened.audit({
      at: now.toISOString(),
      actor: request.teamSession!.email,
      action: "sign-out",
      leadId: null,
      detail: null,
      requestId: request.id,
    });
    reply.clearCookie(sessionCookie, cookieOptions);
    return redirectTo(reply, "/equipe/");
  });
}
