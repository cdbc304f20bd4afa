import React from "react";
import DeferredQuoteForm from "../../features/quote-form/deferred-quote-form";
import type { PrivacyContact } from "../../features/quote-form/quote-form";
// The form's styles come with the page, not with its deferred code: its static HTML is on
// screen, styled, before that code loads.
import "../../features/quote-form/quote-form.module.css";
import Icon from "../icon/icon";
import Container from "../ui/container";
import * as styles from "./contact-section.module.css";

type ContactSectionProps = {
  title: string;
  intro: string;
  points: readonly string[];
  /** Figures' `quoteReplyHours`, promised in the success banner. */
  replyHours: number;
  /** Who collects the request and whom to write to about it, for the notice beside the consent. */
  privacy: PrivacyContact;
};

/** The quote request: what the visitor gets on the left, the form on the right. */
export default function ContactSection({
  title,
  intro,
  points,
  replyHours,
  privacy,
}: ContactSectionProps) {
  return (
    <section id="contact" className={styles.section} aria-labelledby="contact-title">
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
            <DeferredQuoteForm replyHours={replyHours} privacy={privacy} />
          </div>
        </div>
      </Container>
    </section>
  );
}
