import React from "react";
import { formatLongDate } from "../../lib/format";
import Container from "../ui/container";
import * as styles from "./legal-document.module.css";

type LegalDocumentProps = { title: string; updatedAt: string; html: string };

export default function LegalDocument({ title, updatedAt, html }: LegalDocumentProps) {
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
          Dernière mise à jour : <time dateTime={updatedAt}>{formatLongDate(updatedAt)}</time>
        </p>
        {/* Markdown from content/, rendered at build time by gatsby-transformer-remark. */}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />
      </Container>
    </article>
  );
}
