import React, { useEffect, useRef } from "react";
import type { Testimonial } from "../../hooks/use-testimonials";
import Icon from "../icon/icon";
import Section from "../ui/section";
import { enhanceCarousel } from "./carousel-behaviour";
import * as styles from "./testimonial-carousel.module.css";

export { rotationDelayMs } from "./carousel-behaviour";

type TestimonialCarouselProps = { title: string; testimonials: readonly Testimonial[] };

/**
 * The testimonials, one at a time (carousel-behaviour.ts says how they move). The markup is what a
 * visitor sees before the script: the first testimonial, the controls of a rotation under way.
 */
export default function TestimonialCarousel({ title, testimonials }: TestimonialCarouselProps) {
  const count = testimonials.length;
  const carousel = useRef<HTMLDivElement>(null);
  // The script holds the slides it found: over another list (content edited in the admin or under
  // `gatsby develop`) it starts again, from the first.
  const layout = testimonials.map(({ id }) => id).join(" ");

  useEffect(() => (carousel.current ? enhanceCarousel(carousel.current) : undefined), [layout]);

  if (count === 0) return null;

  return (
    <Section id="temoignages" title={title}>
      <div
        ref={carousel}
        className={styles.carousel}
        role="group"
        aria-roledescription="carrousel"
        aria-label="Témoignages de clients"
        data-carousel
      >
        <div className={styles.slides} aria-live="off" data-slides>
          {testimonials.map((testimonial, index) => (
            // The slide is a group (APG carousel pattern); a <figure> with a caption may not
            // take that role, so it sits inside.
            <div
              key={testimonial.id}
              className={styles.slide}
              hidden={index !== 0}
              role="group"
              aria-roledescription="témoignage"
              aria-label={`${index + 1} sur ${count}`}
              data-slide
            >
              <figure className={styles.figure}>
                <blockquote className={styles.quote}>
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className={styles.role}>{testimonial.role}</figcaption>
              </figure>
            </div>
          ))}
        </div>
        <div className={styles.controls}>
          <button type="button" className={styles.toggle} data-carousel-toggle>
            {/* Both labels share one place, so the button keeps its width when the script turns
                one into the other (under reduced motion, as the page loads). */}
            <span className={styles.toggleLabels}>
              <span className={styles.toggleLabel} data-when="playing">
                <Icon name="pause" size={18} />
                Mettre en pause
              </span>
              <span className={styles.toggleLabel} data-when="paused" hidden>
                <Icon name="play" size={18} />
                Reprendre
              </span>
            </span>
            {/* The visible words start the accessible name, for voice control (WCAG 2.5.3). */}
            <span className="visually-hidden"> le défilement des témoignages</span>
          </button>
          <ul className={styles.dots}>
            {testimonials.map((testimonial, index) => (
              <li key={testimonial.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={`Afficher le témoignage ${index + 1} sur ${count}`}
                  aria-current={index === 0 ? "true" : undefined}
                  data-dot
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
