import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { PreviewInfo } from "../../deploy/previews";

// The pages a preview's origin shows when it has no built site to show: the preview does not
// exist (or no longer does), it is being built, or its build failed and why. Rendered on the
// server, under a policy that allows no script, and never indexed.

export const pageHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

const style = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a2433; background: #f6f7f9; }
main { max-width: 42rem; margin: 10vh auto; padding: 1.5rem; background: #fff; border-radius: 8px;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); overflow-wrap: anywhere; }
h1 { font-size: 1.4rem; margin-top: 0; }
code { font-size: 0.95em; background: #eef1f5; padding: 0 0.25em; border-radius: 3px; }
li { margin-bottom: 0.5rem; }
`;

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} — aperçu`}</title>
        <style>{style}</style>
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

const render = (page: React.ReactElement) => `<!doctype html>${renderToStaticMarkup(page)}`;

/** For a name no preview has: never built, removed, or guessed (the same page for all three). */
export const noSuchPreview = () =>
  render(
    <Page title="Cet aperçu n'existe pas ou n'existe plus">
      <p>
        Un aperçu disparaît quand son brouillon est publié ou supprimé dans l'administration, ou
        quand des brouillons plus récents l'ont remplacé. Ouvrez à nouveau le lien « Voir l'aperçu »
        depuis l'administration du site.
      </p>
    </Page>,
  );

/** While its first build runs: nothing to show yet. */
export const previewBuilding = (preview: PreviewInfo) =>
  render(
    <Page title="L'aperçu est en cours de construction">
      <p>
        Le brouillon <code>{preview.branch}</code> est en cours de construction : rechargez cette
        page dans une minute.
      </p>
    </Page>,
  );

/** Why its last build failed: every problem the content check found. */
export const previewFailed = (preview: PreviewInfo) => {
  const failure = preview.failure;
  return render(
    <Page title="L'aperçu n'a pas pu être construit">
      <p>
        Le brouillon <code>{preview.branch}</code>
        {failure?.commit ? (
          <>
            {" "}
            (version <code>{failure.commit.slice(0, 7)}</code>)
          </>
        ) : null}{" "}
        n'a pas pu être construit. Corrigez-le dans l'administration puis enregistrez : un nouvel
        aperçu sera construit.
      </p>
      {failure && failure.problems.length > 0 ? (
        <>
          <p>Problèmes trouvés dans le contenu :</p>
          <ul>
            {failure.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{failure?.message ?? "La construction a échoué."}</p>
      )}
      {preview.live ? (
        <p>
          <a href="/">Voir le dernier aperçu construit</a> (version{" "}
          <code>{preview.live.commit.slice(0, 7)}</code>).
        </p>
      ) : null}
    </Page>,
  );
};
