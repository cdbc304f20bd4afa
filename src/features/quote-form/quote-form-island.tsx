import React from "react";
import type { QuoteFormProps } from "./quote-form";
import QuoteFormRoot from "./quote-form-root";

/**
 * The quote form as the page renders it: the form's HTML, inside the element that the form's
 * island (src/islands/quote-form.tsx) hydrates in the browser, with the same props written on it.
 * Where React renders the whole page (`gatsby develop`, the admin's previews, tests), the form
 * simply runs.
 */
export default function QuoteFormIsland(props: QuoteFormProps) {
  return (
    <div data-island="quote-form" data-props={JSON.stringify(props)}>
      <QuoteFormRoot {...props} />
    </div>
  );
}
