// How a page starts up. Gatsby renders every page to HTML at build time, and that HTML is the
// page: Gatsby's browser runtime is not sent (gatsby-plugin-no-javascript-utils), so no React
// hydrates the page as a whole. The page paints from its HTML and its inlined CSS alone (on a
// first visit in the local font matched to Public Sans: font-after-paint.ts); its one script
// element is inline (inline-start.ts): it fetches this module and the font once the browser
// reports the first contentful paint, so that nothing competes with the page's own bytes before
// it, and this module switches a first visit's text to Public Sans (font-switch.ts). Three parts
// move, each an island over its own server HTML:
//
// - the header's menu and the testimonials carousel: a few hundred bytes of typed script each,
//   run by this module; their components attach the same scripts where React renders them (the
//   admin's previews, `gatsby develop`);
// - the quote form: React hydrating the form's HTML, with its state, validation, API client and
//   toasts, fetched only when the form nears the viewport, the visitor reaches into it, or the
//   address targets it (load-quote-form.ts).
//
// And the site's own anonymous audience measure (audience.ts): a few hundred bytes, sent to this
// site alone.
//
// This file is built with what it imports by plugins/gatsby-plugin-islands; docs/performance.md
// gives the figures.
import { enhanceMenu } from "../components/site-header/menu-behaviour";
import { enhanceCarousel } from "../components/testimonials/carousel-behaviour";
import { enhanceAudienceChoice } from "../components/audience-choice/audience-choice-behaviour";
import { measureAudience } from "./audience";
import { switchToPublicSansWhenLoaded } from "./font-switch";
import { loadQuoteFormWhenNeeded } from "./load-quote-form";
import { layOutSectionsInSteps } from "./section-layout";

/** Starts one island: a fault in one is reported and never stops the others. */
function start(selector: string, island: (element: HTMLElement) => unknown): void {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    try {
      island(element);
    } catch (error) {
      reportError(error);
    }
  }
}

start("[data-site-header]", enhanceMenu);
start("[data-carousel]", enhanceCarousel);
start('[data-island="quote-form"]', loadQuoteFormWhenNeeded);
start("[data-audience-choice]", enhanceAudienceChoice);
start("html", measureAudience);
// The sections left out of the first layout, one per frame (section-layout.ts).
start("html", layOutSectionsInSteps);
// A first visit's page, in the local font until the file comes (font-after-paint.ts).
start("html[data-font-pending]", switchToPublicSansWhenLoaded);
// The page's controls answer from here on: the browser tests wait for this mark before they
// press one, as a visitor cannot tell the few milliseconds apart.
document.documentElement.dataset.islands = "started";
