import { useSetAtom } from "jotai";
import React from "react";
import type { QuoteTextField } from "../../shared/quote-request/quote-request";
import FieldError from "./field-error";
import { inputIdOf } from "./field-ids";
import { quoteFormActionAtom, type FieldState } from "./quote-form-atoms";
import * as styles from "./quote-form.module.css";
import useFieldBinding from "./use-field-binding";

// The form's six text fields: label, input or text area, counter, error.

export type TextFieldSpec = {
  field: QuoteTextField;
  label: string;
  autoComplete: string;
  type?: "text" | "email" | "tel";
  inputMode?: "text" | "email" | "tel";
  multiline?: boolean;
  maxLength?: number;
};

export const textFields: readonly TextFieldSpec[] = [
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

/** One text field, bound to the form's state. */
export default function TextField({
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
  const inputId = inputIdOf(field);
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
