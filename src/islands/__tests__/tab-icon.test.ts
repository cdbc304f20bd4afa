import { showTabIcon } from "../tab-icon";

// The head as gatsby-ssr.tsx writes it: the icon's address waits in data-href.
beforeEach(() => {
  document.head.innerHTML =
    '<link rel="icon" href="data:," data-href="/favicon-48x48.png" type="image/png" sizes="48x48">';
});

const icon = () => document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');

it("gives the tab its icon's address once called, after the first paint", () => {
  expect(icon()?.getAttribute("href")).toBe("data:,");
  showTabIcon();
  expect(icon()?.getAttribute("href")).toBe("/favicon-48x48.png");
});

it("leaves a head without a waiting icon as it is", () => {
  document.head.innerHTML = '<link rel="icon" href="/autre.png">';
  showTabIcon();
  expect(icon()?.getAttribute("href")).toBe("/autre.png");
});
