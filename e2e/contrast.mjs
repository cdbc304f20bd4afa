// @ts-check
// Colour contrast measured in the page itself, for what axe-core leaves "incomplete" (text on a
// gradient, pseudo-element text) and for what it does not check (the focus ring, WCAG 1.4.11).
// The background of a point is read from what is painted there (document.elementsFromPoint),
// so positioned layers and overlays count, not only the ancestors. A gradient counts as each of
// its colour stops, and the worst one decides; text over an image is reported, never guessed.

/**
 * A colour as the page computes it (0-255 channels, alpha 0-1), and what is painted behind a
 * point: an image, or the colours it may be.
 * @typedef {{ r: number, g: number, b: number, a: number }} Colour
 * @typedef {{ image: Element, colours?: undefined } | { colours: Colour[], image?: undefined }} Behind
 * @typedef {{
 *   parse: (value: string) => Colour | null,
 *   over: (top: Colour, bottom: Colour) => Colour,
 *   ratio: (first: Colour, second: Colour) => number,
 *   hex: (colour: Colour) => string,
 *   opacityOf: (element: Element) => number,
 *   backgroundsAt: (x: number, y: number, upTo?: Element) => Behind,
 *   describe: (element: Element) => string,
 * }} Contrast
 * @typedef {Window & { __contrast?: Contrast }} ContrastWindow
 */

/** Runs in the page: helpers shared by both checks, installed once as window.__contrast. */
function installContrast() {
  const scope = /** @type {ContrastWindow} */ (window);
  if (scope.__contrast) return;

  /** @param {string} value a computed colour, rgb() or rgba() */
  const parse = (value) => {
    const match = /rgba?\(([^)]+)\)/.exec(value);
    if (!match) return null;
    // The pattern's one group always matches; computed colours have three or four numbers.
    const channels = /** @type {string} */ (match[1])
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    const [r, g, b, a = 1] = /** @type {[number, number, number, number?]} */ (channels);
    return { r, g, b, a };
  };
  /**
   * @param {Colour} top
   * @param {Colour} bottom
   */
  const over = (top, bottom) => {
    const a = top.a + bottom.a * (1 - top.a);
    /** @param {"r" | "g" | "b"} key */
    const mix = (key) => (top[key] * top.a + bottom[key] * bottom.a * (1 - top.a)) / (a || 1);
    return { r: mix("r"), g: mix("g"), b: mix("b"), a };
  };
  /** @param {Colour} colour */
  const luminance = ({ r, g, b }) => {
    /** @param {number} value */
    const channel = (value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  /**
   * @param {Colour} first
   * @param {Colour} second
   */
  const ratio = (first, second) => {
    const [light, dark] = /** @type {[number, number]} */ (
      [luminance(first), luminance(second)].sort((x, y) => y - x)
    );
    return (light + 0.05) / (dark + 0.05);
  };
  /** @param {Colour} colour */
  const hex = ({ r, g, b }) =>
    `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

  /** @param {Element} element */
  const opacityOf = (element) => {
    let opacity = 1;
    for (
      let node = /** @type {Element | null} */ (element);
      node instanceof Element;
      node = node.parentElement
    )
      opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  };

  /**
   * The colours that may sit behind a point, painted from the canvas up to `upTo` (included).
   * @param {number} x
   * @param {number} y
   * @param {Element} [upTo]
   * @returns {Behind}
   */
  const backgroundsAt = (x, y, upTo) => {
    const stack = document.elementsFromPoint(x, y);
    let start = upTo ? stack.indexOf(upTo) : 0;
    if (start < 0) {
      // Not hit-testable (pointer-events: none, say): fall back to its ancestors.
      start = 0;
      stack.length = 0;
      for (
        let node = /** @type {Element | null | undefined} */ (upTo);
        node;
        node = node.parentElement
      )
        stack.push(node);
    }
    /** @type {Colour[]} */
    let colours = [{ r: 255, g: 255, b: 255, a: 1 }];
    for (const element of stack.slice(start).reverse()) {
      if (["IMG", "VIDEO", "CANVAS", "PICTURE"].includes(element.tagName))
        return { image: element };
      const style = getComputedStyle(element);
      if (/url\(/.test(style.backgroundImage)) return { image: element };
      const own = Number(style.opacity);
      /** @type {Colour[]} */
      const layers = [];
      if (style.backgroundImage.includes("gradient")) {
        const stops = style.backgroundImage.match(/rgba?\([^)]+\)/g) ?? [];
        // Each stop was matched by parse's own pattern, so each parses.
        layers.push(...stops.map((stop) => /** @type {Colour} */ (parse(stop))));
      }
      const base = parse(style.backgroundColor);
      colours = colours.flatMap((colour) => {
        const under = base && base.a > 0 ? over({ ...base, a: base.a * own }, colour) : colour;
        return layers.length > 0
          ? layers.map((stop) => over({ ...stop, a: stop.a * own }, under))
          : [under];
      });
    }
    return { colours };
  };

  /** @param {Element} element */
  const describe = (element) => {
    const id = element.id ? `#${element.id}` : "";
    const classes = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join("");
    return `${element.tagName.toLowerCase()}${id}${classes}`;
  };

  scope.__contrast = { parse, over, ratio, hex, opacityOf, backgroundsAt, describe };
}

/**
 * Every visible text on the page (text nodes, typed values of fields, text drawn by ::before and
 * ::after) whose contrast with what is painted behind it is below `minimum`, as readable lines.
 * `within` limits it to the elements a selector matches (the whole body by default).
 * @param {import("playwright-core").Page} page
 * @param {{ minimum?: number, within?: string }} [options]
 */
export async function textContrastFailures(page, { minimum = 4.5, within = "body" } = {}) {
  await page.evaluate(installContrast);
  return page.evaluate(([minimum, within]) => {
    const roots = [...document.querySelectorAll(within)];
    if (roots.length === 0) throw new Error(`Nothing on the page matches ${within}`);
    const helpers = /** @type {ContrastWindow} */ (window).__contrast;
    if (!helpers) throw new Error("The contrast helpers are not installed in this page");
    const { parse, over, ratio, hex, opacityOf, backgroundsAt, describe } = helpers;
    /** @type {string[]} */
    const failures = [];
    const startScroll = window.scrollY;

    // Brings a box into the viewport (elementsFromPoint only sees what is on screen); its
    // rectangle is then read again by the caller.
    /** @param {DOMRect} rect */
    const reveal = (rect) => {
      if (rect.top >= 80 && rect.bottom <= window.innerHeight - 10) return;
      const top = window.scrollY + rect.top - window.innerHeight / 2;
      window.scrollTo({ top, behavior: "instant" });
    };

    /**
     * @param {Element} element
     * @param {string} text
     * @param {string} colourValue the computed text colour
     * @param {DOMRect} rect
     */
    const check = (element, text, colourValue, rect, pseudo = "") => {
      if (rect.width <= 1 || rect.height <= 1) return; // visually hidden, for screen readers
      const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
      const behind = backgroundsAt(x, y, element);
      const label = `${describe(element)}${pseudo} « ${text.trim().slice(0, 40)} »`;
      if (behind.image) {
        failures.push(`${label}: over an image (${describe(behind.image)}), contrast unknown`);
        return;
      }
      const colour = parse(colourValue);
      if (!colour) throw new Error(`${label}: its colour ${colourValue} cannot be read`);
      const alpha = colour.a * opacityOf(element);
      for (const background of behind.colours) {
        const shown = over({ ...colour, a: alpha }, background);
        const value = ratio(shown, background);
        if (value < minimum) {
          failures.push(
            `${label}: ${hex(shown)} on ${hex(background)} is ${value.toFixed(2)}:1, below ${minimum}:1`,
          );
          return;
        }
      }
    };

    const skipped = ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"];
    const textNodes = roots.flatMap((root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const nodes = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
      return nodes;
    });
    for (const node of textNodes) {
      const element = node.parentElement;
      // A text node's textContent is never null.
      const text = /** @type {string} */ (node.textContent);
      if (text.trim() === "" || !element || skipped.includes(element.tagName)) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const first = range.getClientRects()[0];
      if (!first) continue;
      reveal(first);
      const style = getComputedStyle(element);
      const colour = element.closest("svg") ? style.fill : style.color;
      // Scrolling moved the text's first box, it did not remove it.
      check(element, text, colour, /** @type {DOMRect} */ (range.getClientRects()[0]));
    }

    for (const element of roots.flatMap((root) => [...root.querySelectorAll("*")])) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const typed =
        (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
        element.matches("input:not([type=checkbox], [type=radio]), textarea") &&
        element.value.trim() !== "";
      if (typed) {
        reveal(element.getBoundingClientRect());
        const style = getComputedStyle(element);
        check(element, element.value, style.color, element.getBoundingClientRect());
      }
      for (const pseudo of ["::before", "::after"]) {
        const style = getComputedStyle(element, pseudo);
        const content = /^"(.*)"$/.exec(style.content)?.[1] ?? "";
        if (content.replace(/\\[0-9a-f]+\s?/gi, "").trim() === "") continue;
        reveal(element.getBoundingClientRect());
        check(element, content, style.color, element.getBoundingClientRect(), pseudo);
      }
    }

    window.scrollTo({ top: startScroll, behavior: "instant" });
    return failures;
  }, /** @type {const} */ ([minimum, within]));
}

/**
 * How the focused element is drawn (outline, box-shadow, border, background), and the contrast of
 * its outline with the colours on either side of it: the gap left by outline-offset (or the
 * element itself without one) and what lies outside the ring.
 * @param {import("playwright-core").Page} page
 */
export async function focusIndicator(page) {
  await page.evaluate(installContrast);
  return page.evaluate(() => {
    const helpers = /** @type {ContrastWindow} */ (window).__contrast;
    if (!helpers) throw new Error("The contrast helpers are not installed in this page");
    const { parse, ratio, backgroundsAt, describe } = helpers;
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const drawn = {
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      border: style.borderColor,
      background: style.backgroundColor,
    };
    const rect = element.getBoundingClientRect();
    const width = parseFloat(style.outlineWidth);
    const offset = parseFloat(style.outlineOffset);
    let ringContrast = null;
    if (style.outlineStyle !== "none" && width > 0) {
      const ring = parse(style.outlineColor);
      if (!ring) throw new Error(`${describe(element)}: its outline colour cannot be read`);
      const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
      /** @param {number} x */
      const clampX = (x) => Math.min(Math.max(x, 0), window.innerWidth - 1);
      const outside = backgroundsAt(clampX(rect.left - offset - width - 2), y);
      const inside =
        offset >= 2
          ? backgroundsAt(clampX(rect.left - offset / 2), y)
          : backgroundsAt(clampX(rect.left + 2), y, element);
      const colours = [...(outside.colours ?? []), ...(inside.colours ?? [])];
      ringContrast = colours.length
        ? Math.min(...colours.map((colour) => ratio(ring, colour)))
        : null;
    }
    return { element: describe(element), drawn, ringContrast };
  });
}
