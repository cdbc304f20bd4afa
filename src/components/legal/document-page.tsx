import React from "react";
import Seo from "../seo/seo";
import LegalDocument from "./legal-document";

type DocumentPageProps = {
  page: { title: string; description: string; path: string; updatedAt: string };
  /** The body as HTML, or `children` when the template places its own parts around it. */
  html?: string;
  children?: React.ReactNode;
  /** A legal page's version: which it is, with its link to the other (legal-page.tsx). */
  note?: React.ReactNode;
  /** A former version's own address, kept out of search engines. */
  versionPath?: string;
  /** What follows the text (the privacy policy's audience control). */
  after?: React.ReactNode;
};

/**
 * A page of text from content/ (the legal pages, the accessibility statement, the tenants' page):
 * its head with its breadcrumbs, and its document.
 */
export default function DocumentPage({
  page,
  html,
  children,
  note,
  versionPath,
  after,
}: DocumentPageProps) {
  return (
    <>
      <Seo
        title={page.title}
        description={page.description}
        canonicalPath={versionPath ?? page.path}
        noindex={versionPath !== undefined}
        breadcrumbs={[
          { name: "Accueil", path: "/" },
          { name: page.title, path: page.path },
        ]}
      />
      <LegalDocument
        title={page.title}
        updatedAt={page.updatedAt}
        html={html}
        note={note}
        after={after}
      >
        {children}
      </LegalDocument>
    </>
  );
}
