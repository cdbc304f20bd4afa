// Whether React is hydrating the HTML the visitor loaded. gatsby-browser opens this window just
// before hydrating and closes it once Gatsby reports the first render done; a page rendered
// later (or in a test) is a plain client render.
let hydrating = false;

export function beginFirstHydration(): void {
  hydrating = true;
}

export function endFirstHydration(): void {
  hydrating = false;
}

export function isFirstHydration(): boolean {
  return hydrating;
}
