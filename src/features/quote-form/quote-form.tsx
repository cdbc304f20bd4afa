import { useAtomValue, useSetAtom } from "jotai";
import React, { useEffect, useId, useRef } from "react";
import Icon from "../../components/icon/icon";
import { fieldsLeftBeforeTakeOver, markFormTakenOver } from "./fields-left-early";
import {
  fieldViewAtoms,
  formViewAtom,
  quoteFormActionAtom,
  type FieldState,
} from "./quote-form-atoms";
import {
  quoteFields,
  type QuoteField,
  type QuoteTextField,
} from "../../shared/quote-request/quote-request";
import * as styles from "./quote-form.module.css";

/** The banner's words, with the reply delay from content/figures (docs/product.md, "Decisions"). */
export const successMessage = (replyHours: number) =>
  `Votre demande a été envoyée avec succès ! Nous vous recontacterons sous ${replyHours}h.`;
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

/** The company's name and its address for personal-data requests, from content/company. */
export type PrivacyContact = { controller: string; email: string };

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
  const hintId = useId();
  const submitting = status === "submitting";
  // After a success the emptied form would count every field as missing, right above the
  // confirmation: the hint waits for a new request.
  const showHint = !canSubmit && status === "idle";
  const submitButton = useRef<HTMLButtonElement>(null);
  const banner = useRef<HTMLParagraphElement>(null);
  const previousStatus = useRef(status);
  const form = useRef<HTMLFormElement>(null);

  // The form's HTML is on screen before its code (see DeferredQuoteForm), and hydration leaves
  // what the visitor typed meanwhile in the fields without telling the form's state: take it in,
  // so it is neither lost nor sent as empty, and mark the fields already left as visited.
  useEffect(() => {
    markFormTakenOver();
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
          <p ref={banner} tabIndex={-1} className={styles.success}>
            <Icon name="check" size={22} />
            {successMessage(replyHours)}
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
  const view = useAtomValue(fieldViewAtoms[field]);
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
  readOnly,
}: TextFieldSpec & { readOnly: boolean }) {
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
    readOnly,
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

function ConsentField({
  readOnly,
  privacyPolicyPath,
}: {
  readOnly: boolean;
  privacyPolicyPath: string;
}) {
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

/**
 * The information the RGPD (article 13) requires where the data is collected, short; the privacy
 * policy says the same at length.
 */
function PrivacyNotice({ controller, email }: PrivacyContact) {
  return (
    <div className={styles.notice}>
      <p>
        {controller} traite ces informations pour répondre à votre demande de devis et vous
        recontacter, sur la base de votre consentement. Seuls notre équipe commerciale et nos
        prestataires techniques (hébergement, messagerie), dans l’Union européenne, les reçoivent.
        Elles sont conservées trois ans à compter de votre demande, puis supprimées. Pour limiter
        les envois automatisés, l’adresse IP de votre connexion est comptée quelques minutes.
      </p>
      <p>
        Vous pouvez accéder à vos données, les rectifier, les effacer, en limiter l’usage, vous y
        opposer, en demander la portabilité et retirer votre consentement à tout moment, en écrivant
        à <a href={`mailto:${email}`}>{email}</a>. Vous pouvez aussi adresser une réclamation à la
        CNIL (www.cnil.fr). La politique de confidentialité, liée ci-dessus, en dit plus.
      </p>
    </div>
  );
}

/**
 * A field people never see nor reach: out of sight, out of the tab order, hidden from assistive
 * technology, ignored by password managers. Scripts that fill every input fill it; the endpoint
 * then quarantines the request. Not `display: none`, which the simplest robots skip.
 */
function Honeypot() {
  const inputId = useId();
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={inputId}>Site web</label>
      <input id={inputId} name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
