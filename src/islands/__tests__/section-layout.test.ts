import { layOutSectionsInSteps, layOutWholePageBeforeInPageLinks } from "../section-layout";
import { drawFrame, holdFrames, settled } from "../../test-utils/frames";

// jsdom lays nothing out: these tests check the marks the stylesheet reads (src/components/ui/
// ui.module.css): `data-laid-out` on each section in a frame of its own, then `data-whole-page`
// on the root, and the root's mark set by a click on a link to a part of this page before the
// browser scrolls. e2e/site.test.mjs checks in Chromium that a smooth scroll then lands on its
// target, and `npm run bench` that the first layout no longer blocks.

const root = document.documentElement;
const laidOutIds = () =>
  [...document.querySelectorAll("section[data-laid-out]")].map((section) => section.id);

beforeEach(() => {
  holdFrames();
  root.removeAttribute("data-whole-page");
  document.body.innerHTML = `
    <nav><a id="here" href="/#contact">Devis</a><a id="away" href="/locataires#droits">Droits</a>
      <a id="top" href="/">Accueil</a><a id="hash" href="#contact"><span id="inside">Devis</span></a></nav>
    <main><section id="services"></section><section id="results"></section>
      <section id="contact"></section></main>`;
});

afterEach(() => jest.restoreAllMocks());

it("lays the sections out a frame each, from the top, then the whole page, leaving the sections as served", async () => {
  const done = layOutSectionsInSteps();
  await settled();
  expect(laidOutIds()).toEqual([]);
  await drawFrame();
  expect(laidOutIds()).toEqual(["services"]);
  await drawFrame();
  expect(laidOutIds()).toEqual(["services", "results"]);
  expect(root).not.toHaveAttribute("data-whole-page");
  await drawFrame();
  await done;
  expect(root).toHaveAttribute("data-whole-page");
  expect(laidOutIds()).toEqual([]);
});

it("stops stepping once the whole page is laid out, by a click on an in-page link", async () => {
  layOutWholePageBeforeInPageLinks();
  const done = layOutSectionsInSteps();
  await drawFrame();
  document.getElementById("inside")?.click();
  expect(root).toHaveAttribute("data-whole-page");
  await drawFrame();
  await done;
  expect(laidOutIds()).toEqual([]);
});

it.each([
  ["another page's section", "away"],
  ["the page itself, without a section", "top"],
])("leaves the sections to their steps on a click on a link to %s", (_, id) => {
  layOutWholePageBeforeInPageLinks();
  document.getElementById(id)?.addEventListener("click", (event) => event.preventDefault());
  document.getElementById(id)?.click();
  expect(root).not.toHaveAttribute("data-whole-page");
});

it("lays the whole page out on a click on a link to one of its sections, by its full address too", () => {
  layOutWholePageBeforeInPageLinks();
  document.getElementById("here")?.addEventListener("click", (event) => event.preventDefault());
  document.getElementById("here")?.click();
  expect(root).toHaveAttribute("data-whole-page");
});
