import { render, type RenderOptions } from "@testing-library/react";
import React from "react";
import { HelmetProvider } from "react-helmet-async";
import QuoteFormProviders from "../features/quote-form/quote-form-providers";

/** Renders with what the form has at run time: a fresh jotai store and query client, the toasts. */
export function renderWithProviders(ui: React.ReactElement, options?: RenderOptions) {
  return render(
    <HelmetProvider>
      <QuoteFormProviders>{ui}</QuoteFormProviders>
    </HelmetProvider>,
    options,
  );
}
