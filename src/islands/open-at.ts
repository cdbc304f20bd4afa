import { layOutWholePage } from "./section-layout";

/**
 * A page made to open at one of its sections (`/contact`, src/build/pages.ts) names it in a
 * `data-opens-at` marker: the page is shown there at once, a jump rather than the smooth scroll
 * of in-page links, since the visitor asked for this page.
 */
export function openAtRequestedSection(): void {
  const marker = document.querySelector<HTMLElement>("[data-opens-at]");
  const id = marker?.dataset.opensAt;
  if (!id) return;
  // Placed among estimated heights, it would be off once they are real (section-layout.ts).
  layOutWholePage();
  document.getElementById(id)?.scrollIntoView({ behavior: "instant" });
}
