// Colour contrast measured in the page itself, for what axe-core leaves "incomplete" (text on a
// gradient, pseudo-element text) and for what it does not check (the focus ring, WCAG 1.4.11).
// The background of a point is read from what is painted there (document.elementsFromPoint),
// so positioned layers and overlays count, not only the ancestors. A gradient counts as each of
// its colour stops, and the worst one decides; text over an image is reported, never guessed.

/** Runs in the page: helpers shared by both checks, installed once as window.__contrast. */
function installContrast() {
  if (window.__contrast) return;

  const parse = (value) => {
    const match = /rgba?\(([^)]+)\)/.exec(value);
    if (!match) return null;
    const [r, g, b, a = 1] = match[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r, g, b, a };
  };
  const over = (top, bottom) => {
    const a = top.a + bottom.a * (1 - top.a);
    const mix = (key) => (top[key] * top.a + bottom[key] * bottom.a * (1 - top.a)) / (a || 1);
    return { r: mix("r"), g: mix("g"), b: mix("b"), a };
  };
  const luminance = ({ r, g, b }) => {
    const channel = (value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ratio = (first, second) => {
    const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  const hex = ({ r, g, b }) =>
    `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

  const opacityOf = (element) => {
    let opacity = 1;
    for (let node = element; node instanceof Element; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  };

  /** The colours that may sit behind a point, painted from the canvas up to `upTo` (included). */
  const backgroundsAt = (x, y, upTo) => {
    const stack = document.elementsFromPoint(x, y);
    let start = upTo ? stack.indexOf(upTo) : 0;
    if (start < 0) {
      // Not hit-testable (pointer-events: none, say): fall back to its ancestors.
      start = 0;
      stack.length = 0;
      for (let node = upTo; node; node = node.parentElement) stack.push(node);
    }
    let colours = [{ r: 255, g: 255, b: 255, a: 1 }];
    for (const element of stack.slice(start).reverse()) {
      if (["IMG", "VIDEO", "CANVAS", "PICTURE"].includes(element.tagName))
        return { image: element };
      const style = getComputedStyle(element);
      if (/url\(/.test(style.backgroundImage)) return { image: element };
      const own = Number(style.opacity);
      const layers = [];
      if (style.backgroundImage.includes("gradient")) {
        const stops = style.backgroundImage.match(/rgba?\([^)]+\)/g) ?? [];
        layers.push(...stops.map(parse));
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

  const describe = (element) => {
    const id = element.id ? `#${element.id}` : "";
    const classes = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join("");
    return `${element.tagName.toLowerCase()}${id}${classes}`;
  };

  window.__contrast = { parse, over, ratio, hex, opacityOf, backgroundsAt, describe };
}

/**
 * Every visible text on the page (text nodes, typed values of fields, text drawn by ::before and
 * ::after) whose contrast with what is painted behind it is below `minimum`, as readable lines.
 */
export async function textContrastFailures(page, { minimum = 4.5 } = {}) {
  await page.evaluate(installContrast);
  return page.evaluate((minimum) => {
    const { parse, over, ratio, hex, opacityOf, backgroundsAt, describe } = window.__contrast;
    const failures = [];
    const startScroll = window.scrollY;

    // Brings a box into the viewport (elementsFromPoint only sees what is on screen); its
    // rectangle is then read again by the caller.
    const reveal = (rect) => {
      if (rect.top >= 80 && rect.bottom <= window.innerHeight - 10) return;
      const top = window.scrollY + rect.top - window.innerHeight / 2;
      window.scrollTo({ top, behavior: "instant" });
    };

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

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const skipped = ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (node.textContent.trim() === "" || !element || skipped.includes(element.tagName)) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const first = range.getClientRects()[0];
      if (!first) continue;
      reveal(first);
      const style = getComputedStyle(element);
      const colour = element.closest("svg") ? style.fill : style.color;
      check(element, node.textContent, colour, range.getClientRects()[0]);
    }

    for (const element of document.body.querySelectorAll("*")) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const typed =
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
  }, minimum);
}

/**
 * How the focused element is drawn (outline, box-shadow, border, background), and the contrast of
 * its outline with the colours on either side of it: the gap left by outline-offset (or the
 * element itself without one) and what lies outside the ring.
 */
export async function focusIndicator(page) {
  await page.evaluate(installContrast);
  return page.evaluate(() => {
    const { parse, ratio, backgroundsAt, describe } = window.__contrast;
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
      const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
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
