// sharp's types as the browser and SSR program sees them (tsconfig.browser.json maps "sharp"
// here): Gatsby's types reach sharp's through gatsby-plugin-utils, for ImageFit alone, and sharp's
// open with `/// <reference types="node" />`, which would give every component Node's globals and
// modules. Browser code never runs sharp; the one type Gatsby takes from it is repeated here.
export interface FitEnum {
  contain: "contain";
  cover: "cover";
  fill: "fill";
  inside: "inside";
  outside: "outside";
}
