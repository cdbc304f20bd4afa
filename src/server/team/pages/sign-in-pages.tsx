import React from "react";
import { Layout } from "./layout";

// The pages before a session: the address form, the same answer whatever the address, the
// button a link opens (a mail scanner that follows the link does not press it), and the refusals.

export function NoTeamPage() {
  return (
    <Layout title="Connexion">
      <p>
        Personne n&apos;est encore autorisé à ouvrir la boîte des demandes. La personne qui
        administre le serveur ajoute les adresses de l&apos;équipe dans la variable TEAM_EMAILS.
      </p>
    </Layout>
  );
}

export function SignInPage({ error }: { error?: string }) {
  return (
    <Layout title="Connexion" notice={error ? { kind: "error", text: error } : undefined}>
      <p>
        Indiquez votre adresse email professionnelle : si elle fait partie de l&apos;équipe, vous
        recevrez un lien de connexion valable 15 minutes.
      </p>
      <form method="post" action="/equipe/lien" className="stack">
        <label htmlFor="email">Adresse email</label>
        <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} />
        <button type="submit">Recevoir un lien de connexion</button>
      </form>
    </Layout>
  );
}

export function LinkSentPage() {
  return (
    <Layout title="Vérifiez votre messagerie">
      <p role="status">
        Si cette adresse fait partie de l&apos;équipe, un lien de connexion vient de lui être
        envoyé. Il ne sert qu&apos;une fois et expire dans 15 minutes.
      </p>
      <p>
        <a href="/equipe/">Revenir à la connexion</a>
      </p>
    </Layout>
  );
}

export function ConfirmSignInPage({ token }: { token: string }) {
  return (
    <Layout title="Connexion">
      <p>Vous allez ouvrir la boîte des demandes de devis pour 12 heures.</p>
      <form method="post" action="/equipe/connexion">
        <input type="hidden" name="jeton" value={token} />
        <button type="submit">Se connecter</button>
      </form>
    </Layout>
  );
}

export function MessagePage({
  title,
  text,
  back = true,
}: {
  title: string;
  text: string;
  back?: boolean;
}) {
  return (
    <Layout title={title} notice={{ kind: "error", text }}>
      {back && (
        <p>
          <a href="/equipe/">Revenir à la boîte des demandes</a>
        </p>
      )}
    </Layout>
  );
}

/**
 * Opened from another site (the daily email in a webmail): the browser kept the session's cookie
 * back (SameSite=Strict), so the page reloads itself from here, where it is sent.
 */
export function SameSiteReloadPage({ path }: { path: string }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="robots" content="noindex, nofollow" />
        <meta httpEquiv="refresh" content={`0;url=${path}`} />
        <title>Boîte des demandes</title>
      </head>
      <body>
        <p>
          <a href={path}>Ouvrir la boîte des demandes</a>
        </p>
      </body>
    </html>
  );
}
