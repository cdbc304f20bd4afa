// How a page starts up: what makes the first load fast, step by step, and where each step lives.
//
// 1. The HTML is whole: Gatsby renders every page on the server, each page inlines only the CSS
//    of the components it renders (src/build/webpack.ts), and the landing page's HTML with its
//    headers fits the first round trip of a new connection (short class names, a CSP per page).
//    The Latin font, cut to the site's weights and characters (src/build/font-subset.ts), is
//    preloaded and shown only if it is there for the first paint (gatsby-ssr.tsx,
//    src/styles/fonts.css); the hero image is preloaded only where it is in the first screen
//    (hero-picture.tsx); the tab's icon is a PNG, not an SVG drawn on the main thread
//    (src/shared/favicon.ts).
// 2. Gatsby's bundles are asked for once the first contentful paint is on screen, by one inline
//    script in place of their tags (src/build/bundle-loader.ts, put there after the build by
//    src/build/finish-pages.ts): the first paint neither waits for them nor shares the
//    connection with them.
// 3. The bundles that run at load carry V8's compile hint (src/build/compile-hint.ts): Chromium compiles
//    their functions on a background thread while they download.
// 4. The first hydration runs as a React transition (this file): React hydrates in slices of a
//    few milliseconds and lets the browser answer the visitor in between, instead of one long
//    task that blocks input for as long as the landing page takes to hydrate on a slow phone.
// 5. During that first hydration, the sections without behaviour keep the server's HTML as it is
//    (keep-server-html.tsx): React does not walk them at all. Only the header's menu, the
//    testimonials carousel and the contact section are hydrated.
// 6. The quote form's code (state, validation, API client, toasts) is a chunk of its own, loaded
//    when the form comes near the viewport or the visitor reaches into it
//    (src/features/quote-form/deferred-quote-form.tsx); its HTML is in the page from the start.
// 7. The head is the server's: links between pages are plain links, each page's head is in its
//    HTML, so react-helmet-async stays out of the browser (head-from-server.tsx).
//
// gatsby-browser.tsx wires steps 4 and 5 to Gatsby's browser APIs.
import type React from "react";
import { startTransition } from "react";
import { createRoot, hydrateRoot, type HydrationOptions, type RootOptions } from "react-dom/client";

// Whether React is hydrating the HTML the visitor loaded: open from just before the first
// hydration until Gatsby reports the first render done. A page rendered later (or in a test) is a
// plain client render.
let hydrating = false;

export function isFirstHydration(): boolean {
  return hydrating;
}

/**
 * For `replaceHydrateFunction`: a renderer with the signature of Gatsby's own renderers
 * (cache-dir/react-dom-utils.js): root options given as the third argument, such as Gatsby's
 * error callbacks, go on to React unchanged, and like the renderer of Gatsby's development
 * runtime it returns the function that unmounts what it rendered. (Gatsby 5.16's production
 * runtime calls it with the element and the container only: its error callbacks are React 19
 * root options, which React 18 ignores.) A page with no server HTML (none on this site) is
 * rendered, not hydrated.
 */
export function hydrateAsTransition() {
  return (
    element: React.ReactElement,
    container: Element,
    options?: HydrationOptions & RootOptions,
  ): (() => void) => {
    if (!container.hasChildNodes()) {
      const root = createRoot(container, options);
      root.render(element);
      return () => root.unmount();
    }
    hydrating = true;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    startTransition(() => {
      root = hydrateRoot(container, element, options);
    });
    return () => root?.unmount();
  };
}

/** For `onInitialClientRender`: the first render is committed, anything rendered now is new. */
export function endFirstHydration(): void {
  hydrating = false;
}
