import { useAtomValue, useSetAtom } from "jotai";
import React, { useEffect, useRef } from "react";
import Icon from "../../components/icon/icon";
import { quoteFields } from "../../shared/quote-request/quote-request";
import ConsentField from "./consent-field";
import { formHintId } from "./field-ids";
import { fieldsLeftBeforeTakeOver } from "./fields-left-early";
import Honeypot from "./honeypot";
import PrivacyNotice, { type PrivacyContact } from "./privacy-notice";
import { formViewAtom, quoteFormActionAtom } from "./quote-form-atoms";
import * as styles from "./quote-form.module.css";
import TextField, { textFields } from "./text-field";

export { consentLabel } from "./consent-field";
export type { PrivacyContact } from "./privacy-notice";

/** The banner's words, with the reply delay from content/figures (docs/product.md, "Decisions"). */
export const successMessage = (replyHours: number) =>
  `Votre demande a été envoyée avec succès ! Nous vous recontacterons sous ${replyHours}h.`;

export type QuoteFormProps = {
  /** Figures' `quoteReplyHours`, promised in the success banner. */
  replyHours: number;
  /** The privacy policy's address, from its file in content/legal/. */
  privacyPolicyPath: string;
  /** Who collects the request and whom to write to about it, for the notice beside the consent. */
  privacy: PrivacyContact;
};

/** The quote-request form: validated as the visitor types, sent once, never losing input. */
export default function QuoteForm({ replyHours, privacyPolicyPath, privacy }: QuoteFormProps) {
  const { status, canSubmit, invalidFieldCount } = useAtomValue(formViewAtom);
  const dispatch = useSetAtom(quoteFormActionAtom);
  const submitting = status === "submitting";
  // After a success the emptied form would count every field as missing, right above the
  // confirmation: the hint waits for a new request.
  const showHint = !canSubmit && status === "idle";
  const submitButton = useRef<HTMLButtonElement>(null);
  const banner = useRef<HTMLParagraphElement>(null);
  const previousStatus = useRef(status);
  const form = useRef<HTMLFormElement>(null);

  // The form's HTML is on screen before its code (src/islands/load-quote-form.ts), and hydration leaves
  // what the visitor typed meanwhile in the fields without telling the form's state: take it in,
  // so it is neither lost nor sent as empty, and mark the fields already left as visited.
  useEffect(() => {
    const leftEarly = fieldsLeftBeforeTakeOver();
    const elements = form.current?.elements;
    if (!elements) return;
    for (const { field } of textFields) {
      const element = elements.namedItem(field);
      const typed =
        element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
          ? element.value
          : "";
      if (typed !== "") void dispatch({ type: "change", field, value: typed });
    }
    const consent = elements.namedItem("rgpd");
    if (consent instanceof HTMLInputElement && consent.checked) {
      void dispatch({ type: "toggleConsent", checked: true });
    }
    for (const field of quoteFields) {
      if (leftEarly.has(field)) void dispatch({ type: "blur", field });
    }
  }, [dispatch]);

  // The submit button is disabled while sending, which drops keyboard focus: bring it to the
  // banner after a success, back to the button after a failure.
  useEffect(() => {
    if (previousStatus.current === "submitting") {
      if (status === "success") banner.current?.focus();
      if (status === "idle") submitButton.current?.focus();
    }
    previousStatus.current = status;
  }, [status]);

  return (
    <form
      ref={form}
      className={styles.form}
      method="post"
      noValidate
      aria-label="Demande de devis"
      onSubmit={(event) => {
        event.preventDefault();
        const website = form.current?.elements.namedItem("website");
        void dispatch({
          type: "submit",
          website: website instanceof HTMLInputElement ? website.value : "",
        });
      }}
    >
      <p className={styles.required}>Tous les champs sont obligatoires.</p>
      <div className={styles.grid}>
        {textFields.map((spec) => (
          <TextField key={spec.field} {...spec} readOnly={submitting} />
        ))}
      </div>
      <ConsentField readOnly={submitting} privacyPolicyPath={privacyPolicyPath} />
      <PrivacyNotice {...privacy} />
      <Honeypot />
      <div className={styles.actions}>
        <button
          ref={submitButton}
          type="submit"
          className={styles.submit}
          disabled={!canSubmit}
          aria-describedby={showHint ? formHintId : undefined}
        >
          {submitting ? (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              Envoi en cours...
            </>
          ) : (
            "Envoyer ma demande"
          )}
        </button>
        {showHint && (
          <p id={formHintId} className={styles.hint}>
            {invalidFieldCount > 1
              ? `Encore ${invalidFieldCount} champs à compléter correctement pour envoyer votre demande.`
              : "Encore 1 champ à compléter correctement pour envoyer votre demande."}
          </p>
        )}
      </div>
      <div role="status">
        {status === "success" && (
          <p ref={banner} tabIndex={-1} className={styles.success}>
            <Icon name="check" size={22} />
            {successMessage(replyHours)}
          </p>
        )}
      </div>
    </form>
  );
}
