import React from "react";
import Container from "./container";
import * as styles from "./ui.module.css";

type SectionProps = {
  id?: string;
  title: string;
  intro?: string;
  tone?: "plain" | "muted" | "brand";
  children: React.ReactNode;
};

/** A landing section: its heading names the region for assistive technology. */
export default function Section({ id, title, intro, tone = "plain", children }: SectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z]+/g, "-")}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={`${styles.section} ${styles[tone]}`}>
      <Container>
        <header className={styles.sectionHeader}>
          <h2 id={headingId} className={styles.sectionTitle}>
            {title}
          </h2>
          {intro && <p className={styles.sectionIntro}>{intro}</p>}
        </header>
        {children}
      </Container>
    </section>
  );
}
