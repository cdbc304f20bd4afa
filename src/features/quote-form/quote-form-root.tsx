import React from "react";
import QuoteForm, { type QuoteFormProps } from "./quote-form";
import QuoteFormProviders from "./quote-form-providers";

/** The form with its providers: the one module `DeferredQuoteForm` loads on demand. */
export default function QuoteFormRoot(props: QuoteFormProps) {
  return (
    <QuoteFormProviders>
      <QuoteForm {...props} />
    </QuoteFormProviders>
  );
}
