import React from "react";
import Section from "../ui/section";
import * as styles from "./process.module.css";

type Step = { title: string; text: string };
type ProcessProps = { title: string; intro: string; steps: readonly Step[] };

/** The numbered steps from first contact to payment. */
export default function Process({ title, intro, steps }: ProcessProps) {
  return (
    <Section id="fonctionnement" title={title} intro={intro} tone="muted">
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.number} aria-hidden="true">
              {index + 1}
            </span>
            <h3 className={styles.title}>{step.title}</h3>
            <p className={styles.text}>{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
