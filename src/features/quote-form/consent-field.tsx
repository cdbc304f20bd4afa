import { useSetAtom } from "jotai";
import React from "react";
import FieldError from "./field-error";
import { inputIdOf } from "./field-ids";
import { quoteFormActionAtom } from "./quote-form-atoms";
import * as styles from "./quote-form.module.css";
import useFieldBinding from "./use-field-binding";

export const consentLabel =
  "J'accepte d'être recontacté(e) par téléphone et par email au sujet de ma demande de devis.";

/** The consent box, with a link to the privacy policy. */
export default function ConsentField({
  readOnly,
  privacyPolicyPath,
}: {
  readOnly: boolean;
  privacyPolicyPath: string;
}) {
  const dispatch = useSetAtom(quoteFormActionAtom);
  const { view, errorId, aria } = useFieldBinding("rgpd");
  const inputId = inputIdOf("rgpd");
  return (
    <div className={styles.consent}>
      <div className={styles.consentRow}>
        <input
          id={inputId}
          name="rgpd"
          type="checkbox"
          required
          className={`${styles.checkbox} ${view.state === "error" ? styles.checkboxInvalid : ""}`}
          checked={view.value === true}
          aria-readonly={readOnly || undefined}
          onChange={(event) =>
            void dispatch({ type: "toggleConsent", checked: event.target.checked })
          }
          onBlur={() => void dispatch({ type: "blur", field: "rgpd" })}
          {...aria}
        />
        <label htmlFor={inputId}>
          {consentLabel}{" "}
          {/* A new tab, so that reading the policy never costs the visitor what they typed. */}
          <a href={privacyPolicyPath} target="_blank" rel="noopener">
            Voir notre politique de confidentialité (nouvel onglet)
          </a>
          .
        </label>
      </div>
      {view.error && <FieldError id={errorId} message={view.error} />}
    </div>
  );
}
