import type { QuoteField } from "../../shared/quote-request/quote-request";

// The form's element ids, fixed rather than React's `useId`: the page is rendered by Gatsby as a
// whole, while the browser hydrates the form alone (src/islands/quote-form.tsx), and `useId`
// numbers elements by their place in the tree it renders. A page holds one quote form.

/** The field's input. */
export const inputIdOf = (field: QuoteField) => `devis-${field}`;

/** The field's error message, which its input names in `aria-describedby`. */
export const errorIdOf = (field: QuoteField) => `devis-${field}-erreur`;

/** The hint under the submit button saying what is still missing. */
export const formHintId = "devis-a-completer";

/** The field people never see (honeypot.tsx). */
export const honeypotId = "devis-site-web";
