import React from "react";
import { formatLongDate } from "../../shared/format";
import Container from "../ui/container";
import * as styles from "./legal-document.module.css";

type LegalDocumentProps = {
  title: string;
  updatedAt: string;
  /** The body as HTML; without it, `children` (the admin's preview draws the Markdown itself). */
  html?: string;
  children?: React.ReactNode;
  /** Which version of the text this is, and since when it applies (a legal page's versions). */
  note?: React.ReactNode;
  /** What follows the text (the privacy policy's audience control). */
  after?: React.ReactNode;
};

export default function LegalDocument({
  title,
  updatedAt,
  html,
  children,
  note,
  after,
}: LegalDocumentProps) {
  return (
    <article className={styles.page}>
      <Container>
        <nav aria-label="Fil d'Ariane" className={styles.breadcrumb}>
          <a href="/">Accueil</a>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">{title}</span>
        </nav>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.updated}>
          {/* One run of text: a date set after the label would move sideways when Public Sans
              replaces the local font on a first visit (docs/performance.md, "The LCP of `/`"). */}
          <time dateTime={updatedAt}>{`Dernière mise à jour : ${formatLongDate(updatedAt)}`}</time>
        </p>
        {note && <p className={styles.updated}>{note}</p>}
        {/* Markdown from content/, rendered at build time by gatsby-transformer-remark. */}
        {html === undefined ? (
          <div className={styles.body}>{children}</div>
        ) : (
          <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />
        )}
        {after}
      </Container>
    </article>
  );
}
