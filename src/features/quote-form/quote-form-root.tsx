import React from "react";
import QuoteForm from "./quote-form";
import QuoteFormProviders from "./quote-form-providers";

/** The form with its providers: the one module `DeferredQuoteForm` loads on demand. */
export default function QuoteFormRoot({ replyHours }: { replyHours: number }) {
  return (
    <QuoteFormProviders>
      <QuoteForm replyHours={replyHours} />
    </QuoteFormProviders>
  );
}
