// Every page's one script element, written inline into its head by plugins/gatsby-plugin-islands:
// a few hundred bytes that need no request of their own. It opens a page made to open at one of
// its sections there before the first paint, then fetches the start-up script (first-load.ts)
// once the content is on screen (after-first-paint.ts).
import { afterFirstContentfulPaint } from "./after-first-paint";
import { openAtRequestedSection } from "./open-at";
import { startUpScript } from "./start-up-address";

document.addEventListener("DOMContentLoaded", openAtRequestedSection, { once: true });
afterFirstContentfulPaint(() => void import(startUpScript));
