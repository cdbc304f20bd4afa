import React, { useEffect, useState } from "react";
import type { Testimonial } from "../../hooks/use-testimonials";
import Icon from "../icon/icon";
import Section from "../ui/section";
import * as styles from "./testimonial-carousel.module.css";

export const rotationDelayMs = 5000;

type TestimonialCarouselProps = { title: string; testimonials: readonly Testimonial[] };

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * One testimonial at a time, advancing every five seconds and looping. Rotation stops while the
 * carousel is hovered or focused, when the visitor pauses it, and never starts on its own under
 * reduced motion (WCAG 2.2.2).
 */
export default function TestimonialCarousel({ title, testimonials }: TestimonialCarouselProps) {
  const count = testimonials.length;
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Pressing "play" is an explicit request: rotation then goes on even with focus inside.
  const [startedByVisitor, setStartedByVisitor] = useState(false);
  const rotating = playing && !hovered && (startedByVisitor || !focused) && count > 1;

  // Auto-play starts after hydration so the server and the first client render agree.
  useEffect(() => setPlaying(!prefersReducedMotion()), []);

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setTimeout(
      () => setCurrent((index) => (index + 1) % count),
      rotationDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  if (count === 0) return null;

  return (
    <Section id="temoignages" title={title}>
      <div
        className={styles.carousel}
        role="group"
        aria-roledescription="carrousel"
        aria-label="Témoignages de clients"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
      >
        <div className={styles.slides} aria-live={rotating ? "off" : "polite"}>
          {testimonials.map((testimonial, index) => (
            // The slide is a group (APG carousel pattern); a <figure> with a caption may not
            // take that role, so it sits inside.
            <div
              key={testimonial.id}
              className={styles.slide}
              hidden={index !== current}
              role="group"
              aria-roledescription="témoignage"
              aria-label={`${index + 1} sur ${count}`}
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
          <button
            type="button"
            className={styles.toggle}
            onClick={() => {
              setStartedByVisitor(!playing);
              setPlaying(!playing);
            }}
          >
            <Icon name={playing ? "pause" : "play"} size={18} />
            {/* The visible words start the accessible name, for voice control (WCAG 2.5.3). */}
            {playing ? "Mettre en pause" : "Reprendre"}
            <span className="visually-hidden"> le défilement des témoignages</span>
          </button>
          <ul className={styles.dots}>
            {testimonials.map((testimonial, index) => (
              <li key={testimonial.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={`Afficher le témoignage ${index + 1} sur ${count}`}
                  aria-current={index === current ? "true" : undefined}
                  onClick={() => setCurrent(index)}
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
