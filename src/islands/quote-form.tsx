import React from "react";
import { hydrateRoot } from "react-dom/client";
import { handOverFieldsLeftEarly } from "../features/quote-form/fields-left-early";
import type { QuoteFormProps } from "../features/quote-form/quote-form";
import QuoteFormRoot from "../features/quote-form/quote-form-root";

/**
 * The form's island: React hydrates the form's server HTML (QuoteFormIsland) with the props the
 * page rendered it with, written beside it, and takes in the fields the visitor already left.
 */
export function hydrateQuoteForm(island: HTMLElement, fieldsLeftEarly: ReadonlySet<string>): void {
  const props = JSON.parse(island.dataset.props ?? "{}") as QuoteFormProps;
  handOverFieldsLeftEarly(fieldsLeftEarly);
  hydrateRoot(island, <QuoteFormRoot {...props} />);
}
