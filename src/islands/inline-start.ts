// Every page's one script element, written inline into its head by plugins/gatsby-plugin-islands:
// a few hundred bytes that need no request of their own. It opens a page made to open at one of
// its sections there before the first paint, has in-page links lay the page out before they
// scroll (section-layout.ts), holds Public Sans back on a first visit
// (font-after-paint.ts), then, once the content is on screen (after-first-paint.ts), fetches the
// start-up script (first-load.ts) and the font, and gives the tab its icon (tab-icon.ts).
import { afterFirstContentfulPaint } from "./after-first-paint";
import { holdFontUntilFirstPaint } from "./font-after-paint";
import { layOutWholePageBeforeInPageLinks } from "./section-layout";
import { openAtRequestedSection } from "./open-at";
import { startUpScript } from "./start-up-address";
import { showTabIcon } from "./tab-icon";

document.addEventListener("DOMContentLoaded", openAtRequestedSection, { once: true });
layOutWholePageBeforeInPageLinks();
const showFont = holdFontUntilFirstPaint();
afterFirstContentfulPaint(() => {
  void import(startUpScript);
  showFont?.();
  showTabIcon();
});
