import { useAtomValue, useSetAtom } from "jotai";
import React, { useId } from "react";
import Icon from "../../components/icon/icon";
import {
  fieldViewAtom,
  formViewAtom,
  quoteFormActionAtom,
  type FieldState,
} from "./quote-form-atoms";
import type { QuoteField, QuoteTextField } from "./quote-request";
import * as styles from "./quote-form.module.css";

export const successMessage =
  "Votre demande a été envoyée avec succès ! Nous vous recontacterons sous 24h.";
export const consentLabel =
  "J'accepte d'être recontacté(e) par téléphone et par email au sujet de ma demande de devis.";

type TextFieldSpec = {
  field: QuoteTextField;
  label: string;
  autoComplete: string;
  type?: "text" | "email" | "tel";
  inputMode?: "text" | "email" | "tel";
  multiline?: boolean;
  maxLength?: number;
};

const textFields: readonly TextFieldSpec[] = [
  { field: "firstName", label: "Prénom", autoComplete: "given-name" },
  { field: "lastName", label: "Nom", autoComplete: "family-name" },
  {
    field: "email",
    label: "Email professionnel",
    autoComplete: "email",
    type: "email",
    inputMode: "email",
  },
  { field: "phone", label: "Téléphone", autoComplete: "tel", type: "tel", inputMode: "tel" },
  { field: "company", label: "Organisme", autoComplete: "organization" },
  {
    field: "message",
    label: "Décrivez vos besoins",
    autoComplete: "off",
    multiline: true,
    maxLength: 1000,
  },
];

const stateClass: Record<FieldState, string | undefined> = {
  neutral: undefined,
  valid: styles.valid,
  error: styles.invalid,
};

/** The quote-request form: validated as the visitor types, sent once, never losing input. */
export default function QuoteForm() {
  const { status, canSubmit, invalidFieldCount } = useAtomValue(formViewAtom);
  const dispatch = useSetAtom(quoteFormActionAtom);
  const hintId = useId();
  const submitting = status === "submitting";
  // Right after a success the empty form needs no reproach, only the banner.
  const showHint = !canSubmit && !submitting && status !== "success";

  return (
    <form
      className={styles.form}
      method="post"
      noValidate
      aria-label="Demande de devis"
      onSubmit={(event) => {
        event.preventDefault();
        void dispatch({ type: "submit" });
      }}
    >
      <p className={styles.required}>Tous les champs sont obligatoires.</p>
      <div className={styles.grid}>
        {textFields.map((spec) => (
          <TextField key={spec.field} {...spec} />
        ))}
      </div>
      <ConsentField />
      <div className={styles.actions}>
        <button
          type="submit"
          className={styles.submit}
          disabled={!canSubmit}
          aria-describedby={showHint ? hintId : undefined}
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
          <p id={hintId} className={styles.hint}>
            {invalidFieldCount > 1
              ? `Encore ${invalidFieldCount} champs à compléter correctement pour envoyer votre demande.`
              : "Encore 1 champ à compléter correctement pour envoyer votre demande."}
          </p>
        )}
      </div>
      <div role="status">
        {status === "success" && (
          <p className={styles.success}>
            <Icon name="check" size={22} />
            {successMessage}
          </p>
        )}
      </div>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={styles.error}>
      <Icon name="alert" size={18} />
      {message}
    </p>
  );
}

function useFieldBinding(field: QuoteField) {
  const view = useAtomValue(fieldViewAtom(field));
  const errorId = useId();
  return {
    view,
    errorId,
    aria: {
      "aria-invalid": view.state === "error",
      "aria-describedby": view.error ? errorId : undefined,
    },
  };
}

function TextField({
  field,
  label,
  autoComplete,
  type = "text",
  inputMode,
  multiline,
  maxLength,
}: TextFieldSpec) {
  const dispatch = useSetAtom(quoteFormActionAtom);
  const { view, errorId, aria } = useFieldBinding(field);
  const inputId = useId();
  const value = String(view.value);
  const common = {
    id: inputId,
    name: field,
    value,
    autoComplete,
    required: true,
    className: `${styles.input} ${stateClass[view.state] ?? ""}`,
    onBlur: () => void dispatch({ type: "blur", field }),
    ...aria,
  };
  return (
    <div className={multiline ? `${styles.field} ${styles.full}` : styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={5}
          onChange={(event) => void dispatch({ type: "change", field, value: event.target.value })}
        />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          onChange={(event) => void dispatch({ type: "change", field, value: event.target.value })}
        />
      )}
      {maxLength && (
        <p className={styles.counter} aria-hidden="true">
          {[...value.trim()].length} / {maxLength}
        </p>
      )}
      {view.error && <FieldError id={errorId} message={view.error} />}
    </div>
  );
}

function ConsentField() {
  const dispatch = useSetAtom(quoteFormActionAtom);
  const { view, errorId, aria } = useFieldBinding("rgpd");
  const inputId = useId();
  return (
    <div className={styles.consent}>
      <div className={styles.consentRow}>
        <input
          id={inputId}
          name="rgpd"
          type="checkbox"
          required
          className={styles.checkbox}
          checked={view.value === true}
          onChange={(event) =>
            void dispatch({ type: "toggleConsent", checked: event.target.checked })
          }
          onBlur={() => void dispatch({ type: "blur", field: "rgpd" })}
          {...aria}
        />
        <label htmlFor={inputId}>
          {consentLabel}{" "}
          <a href="/politique-confidentialite">Voir notre politique de confidentialité</a>.
        </label>
      </div>
      {view.error && <FieldError id={errorId} message={view.error} />}
    </div>
  );
}
