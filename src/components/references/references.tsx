import React from "react";
import type { ClientReference } from "../../hooks/use-client-references";
import Section from "../ui/section";
import * as styles from "./references.module.css";

type ReferencesProps = { title: string; intro: string; clients: readonly ClientReference[] };

/** The client organisations; the navigation's "Références" anchor. */
export default function References({ title, intro, clients }: ReferencesProps) {
  return (
    <Section id="clients" title={title} intro={intro} tone="muted">
      <ul className={styles.list}>
        {clients.map((client) => (
          <li key={client.id} className={styles.client}>
            {client.name}
          </li>
        ))}
      </ul>
    </Section>
  );
}
