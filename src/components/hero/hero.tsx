import type { IGatsbyImageData } from "gatsby-plugin-image";
import React from "react";
import Container from "../ui/container";
import Icon from "../icon/icon";
import HeroPicture from "./hero-picture";
import * as styles from "./hero.module.css";

export type HeroProps = {
  eyebrow: string;
  title: string;
  lead: string;
  primaryCta: string;
  secondaryCta: string;
  highlights: readonly string[];
  image: IGatsbyImageData | undefined;
  imageAlt: string;
};

export default function Hero(props: HeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <Container>
        <div className={styles.grid}>
          <div>
            <p className={styles.eyebrow}>{props.eyebrow}</p>
            <h1 id="hero-title" className={styles.title}>
              {props.title}
            </h1>
            <p className={styles.lead}>{props.lead}</p>
            <div className={styles.actions}>
              <a className={styles.primary} href="#contact">
                {props.primaryCta}
                <Icon name="arrow" size={20} />
              </a>
              <a className={styles.secondary} href="#results">
                {props.secondaryCta}
              </a>
            </div>
            <ul className={styles.highlights}>
              {props.highlights.map((highlight) => (
                <li key={highlight}>
                  <Icon name="check" size={18} className={styles.check} />
                  {highlight}
                </li>
              ))}
            </ul>
          </div>
          {props.image && (
            <HeroPicture className={styles.visual} image={props.image} alt={props.imageAlt} />
          )}
        </div>
      </Container>
    </section>
  );
}
