import { createElement, type ComponentType } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { PreviewProps } from "./cms-types";

// Decap's prebuilt bundle runs its own React (19), the site's components run on the site's (18):
// a preview template is a small component of Decap's React (made with the `createClass` and `h`
// the bundle puts on window) that gives its DOM node to a React 18 root, where the site's own
// sections draw the entry. Each update of the entry renders that root again.

/** What decap-cms's bundle puts on window besides CMS (its index: createClass, h). */
export type DecapGlobals = {
  createClass: (spec: object) => unknown;
  h: (type: unknown, props?: object | null, ...children: unknown[]) => unknown;
};

/** The preview's props, and the HTML Decap drew for `source` (its sanitised Markdown). */
export type BridgedProps = PreviewProps & { sourceHtml?: string };

type Instance = {
  props: PreviewProps;
  node?: HTMLElement | null;
  source?: HTMLElement | null;
  root?: Root;
  observer?: MutationObserver;
  draw(): void;
};

/**
 * A Decap preview template drawing `Preview` with the site's React. With `source`, a field Decap
 * draws itself (a Markdown body) is rendered by Decap out of sight, and its HTML handed over.
 */
export function bridgedPreview(
  { createClass, h }: DecapGlobals,
  Preview: ComponentType<BridgedProps>,
  source?: (props: PreviewProps) => unknown,
): unknown {
  return createClass({
    componentDidMount(this: Instance) {
      if (!this.node) return;
      this.root = createRoot(this.node);
      if (this.source) {
        // Decap may draw the field after this mount (its Markdown preview renders in steps).
        this.observer = new MutationObserver(() => this.draw());
        this.observer.observe(this.source, { childList: true, subtree: true, characterData: true });
      }
      this.draw();
    },
    componentDidUpdate(this: Instance) {
      this.draw();
    },
    componentWillUnmount(this: Instance) {
      this.observer?.disconnect();
      this.root?.unmount();
    },
    draw(this: Instance) {
      const sourceHtml = this.source?.innerHTML;
      this.root?.render(createElement(Preview, { ...this.props, sourceHtml }));
    },
    render(this: Instance) {
      const target = h("div", { ref: (node: HTMLElement | null) => (this.node = node) });
      if (!source) return target;
      const hidden = h(
        "div",
        { hidden: true, ref: (node: HTMLElement | null) => (this.source = node) },
        source(this.props),
      );
      return h("div", null, target, hidden);
    },
  });
}
