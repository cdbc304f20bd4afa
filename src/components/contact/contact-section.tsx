import React from "react";
import type { QuoteFormProps } from "../../features/quote-form/quote-form";
import QuoteFormIsland from "../../features/quote-form/quote-form-island";
import Icon from "../icon/icon";
import Container from "../ui/container";
import * as ui from "../ui/ui.module.css";
import * as styles from "./contact-section.module.css";

type ContactSectionProps = {
  title: string;
  intro: string;
  points: readonly string[];
} & QuoteFormProps;

/** The quote request: what the visitor gets on the left, the form on the right. */
export default function ContactSection({ title, intro, points, ...form }: ContactSectionProps) {
  return (
    <section id="contact" className={`${ui.section} ${ui.muted}`} aria-labelledby="contact-title">
      <Container>
        <div className={styles.layout}>
          <div className={styles.aside}>
            <h2 id="contact-title" className={styles.title}>
              {title}
            </h2>
            <p className={styles.intro}>{intro}</p>
            <ul className={styles.points}>
              {points.map((point) => (
                <li key={point}>
                  <Icon name="check" size={20} />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.panel}>
            <QuoteFormIsland {...form} />
          </div>
        </div>
      </Container>
    </section>
  );
}
