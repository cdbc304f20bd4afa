import React from "react";
import QuoteForm, { type QuoteFormProps } from "./quote-form";
import QuoteFormProviders from "./quote-form-providers";

/** The form with its providers: what the form's island hydrates (src/islands/quote-form.tsx). */
export default function QuoteFormRoot(props: QuoteFormProps) {
  return (
    <QuoteFormProviders>
      <QuoteForm {...props} />
    </QuoteFormProviders>
  );
}
