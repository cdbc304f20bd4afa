import React, { useEffect, useRef } from "react";
import { enhanceAudienceChoice } from "./audience-choice-behaviour";
import * as styles from "./audience-choice.module.css";

/**
 * The privacy policy's control of the site's own audience measure (src/islands/audience.ts): a
 * checkbox that takes this browser's visits out of the statistics, or back, at once and without a
 * reload. Hidden in the HTML: without scripts there is no measure, nor anything to refuse. The
 * production page runs the same behaviour from its first script (src/islands/first-load.ts).
 */
export default function AudienceChoice() {
  const section = useRef<HTMLElement>(null);
  useEffect(() => (section.current ? enhanceAudienceChoice(section.current) : undefined), []);
  return (
    <section
      ref={section}
      className={styles.choice}
      aria-labelledby="mesure-audience-titre"
      data-audience-choice
      hidden
    >
      <h2 id="mesure-audience-titre">Votre choix pour la mesure d’audience</h2>
      <div className={styles.field}>
        <input type="checkbox" id="mesure-audience-accord" data-audience-consent defaultChecked />
        <label htmlFor="mesure-audience-accord">
          Compter mes visites dans les statistiques anonymes du site
        </label>
      </div>
      <p
        className={styles.status}
        role="status"
        data-audience-status
        data-counted="Vos visites sont comptées, sans cookie et anonymement."
        data-refused="Vos visites ne sont plus comptées dans les statistiques de ce navigateur."
        data-browser="Votre navigateur demande de ne pas être suivi (Do Not Track ou Global Privacy Control) : vos visites ne sont pas comptées."
        data-blocked="Votre navigateur ne permet pas d'enregistrer ce choix."
      />
    </section>
  );
}
