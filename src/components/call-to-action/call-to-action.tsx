import React from "react";
import { telHref } from "../../shared/format";
import Container from "../ui/container";
import Icon from "../icon/icon";
import * as styles from "./call-to-action.module.css";

type CallToActionProps = { title: string; text: string; phoneLabel: string; phone: string };

/** A direct line to an adviser: the phone link dials the company's number. */
export default function CallToAction({ title, text, phoneLabel, phone }: CallToActionProps) {
  return (
    <section className={styles.band} aria-labelledby="cta-title">
      <Container>
        <div className={styles.inner}>
          <div>
            <h2 id="cta-title" className={styles.title}>
              {title}
            </h2>
            <p className={styles.text}>{text}</p>
          </div>
          <a className={styles.phone} href={telHref(phone)}>
            <Icon name="phone" />
            <span>
              {phoneLabel} <strong>{phone}</strong>
            </span>
          </a>
        </div>
      </Container>
    </section>
  );
}
