import { render, type RenderOptions } from "@testing-library/react";
import React from "react";
import { HelmetProvider } from "react-helmet-async";
import Toasts from "../components/toasts/toasts";
import RootElement from "../root-element";

/** Renders with what every page has: a fresh jotai store and query client, Helmet, the toasts. */
export function renderWithProviders(ui: React.ReactElement, options?: RenderOptions) {
  return render(
    <HelmetProvider>
      <RootElement>
        {ui}
        <Toasts />
      </RootElement>
    </HelmetProvider>,
    options,
  );
}
