import React from "react";

/** The brand mark: a roof over a rising line, drawn inline so it costs no request. */
export default function Logo() {
  return (
    <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="9" fill="var(--color-brand)" />
      <path
        d="M8 17.5L18 9l10 8.5"
        fill="none"
        stroke="var(--color-highlight)"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M11.5 26.5l4.5-4.5 3 3 5.5-6"
        fill="none"
        stroke="var(--color-surface)"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
