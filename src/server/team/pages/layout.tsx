import React from "react";
import type { ReactNode } from "react";
import type { TeamSession } from "../../leads/lead-store";
import { stylesheetPath } from "./stylesheet";

// The frame of every inbox page: server-rendered HTML (react-dom/server), never hydrated: no
// script at all, so the page's policy forbids every script. Forms post back to the server.

export interface LayoutProps {
  title: string;
  /** The signed-in member, for the navigation and « Se déconnecter »; none on the sign-in pages. */
  session?: TeamSession;
  /** A short French message above the page's content (an action's outcome). */
  notice?: { kind: "success" | "error"; text: string };
  children: ReactNode;
}

export function Layout({ title, session, notice, children }: LayoutProps) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} — Boîte des demandes`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={stylesheetPath} />
      </head>
      <body>
        <a className="skip" href="#contenu">
          Aller au contenu
        </a>
        <header className="top">
          <p className="brand">Boîte des demandes de devis</p>
          {session && (
            <nav aria-label="Boîte des demandes">
              <ul>
                <li>
                  <a href="/equipe/">Demandes</a>
                </li>
                <li>
                  <a href="/equipe/statistiques">Statistiques</a>
                </li>
                {session.role === "admin" && (
                  <>
                    <li>
                      <a href="/equipe/effacer">Effacer les données d&apos;une personne</a>
                    </li>
                    <li>
                      <a href="/equipe/journal">Journal</a>
                    </li>
                  </>
                )}
              </ul>
              <form method="post" action="/equipe/deconnexion" className="sign-out">
                <input type="hidden" name="csrf" value={session.csrf} />
                <span className="who">{session.email}</span>
                <button type="submit">Se déconnecter</button>
              </form>
            </nav>
          )}
        </header>
        <main id="contenu" tabIndex={-1}>
          <h1>{title}</h1>
          {notice && (
            <p
              className={`notice ${notice.kind}`}
              role={notice.kind === "error" ? "alert" : "status"}
            >
              {notice.text}
            </p>
          )}
          {children}
        </main>
      </body>
    </html>
  );
}

/** A hidden field with the session's token: every form that changes something carries it. */
export function CsrfField({ session }: { session: TeamSession }) {
  return <input type="hidden" name="csrf" value={session.csrf} />;
}

/** A table that may scroll sideways on a phone, which keyboard users can scroll too. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling region takes focus so that arrow keys scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** The previous and next pages of a list, when it has more than one. */
export function Pager({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pages" aria-label="Pages">
      {page > 1 && <a href={href(page - 1)}>Page précédente</a>}
      <span>
        Page {page} sur {pages}
      </span>
      {page < pages && <a href={href(page + 1)}>Page suivante</a>}
    </nav>
  );
}
