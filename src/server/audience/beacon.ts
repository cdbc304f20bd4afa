import {
  boolean,
  enums,
  literal,
  max,
  min,
  number,
  object,
  optional,
  size,
  string,
  union,
  type Infer,
} from "superstruct";

// What a page of the site sends to POST /api/audience (src/islands/audience.ts), and nothing
// more: any other field, type or length is refused. The path is the page's own, without its
// query or fragment; the referrer, the host alone; the screen, a class of its width. No
// identifier of any kind: the server makes the day's visitor hash itself (./visitor.ts).

/** The longest path kept: the site's addresses are far shorter; a 404's is cut to this. */
export const maxPathLength = 200;

const Path = size(string(), 1, 1_000);
const Width = enums(["small", "medium", "large"]);
const Host = size(string(), 1, 253);

const common = {
  path: Path,
  width: Width,
  /** navigator.webdriver: an automated browser, filtered. */
  webdriver: optional(boolean()),
};

export const Beacon = union([
  // A page shown; the server finds whether it is one of the site's or a path not found.
  object({ kind: literal("view"), referrer: optional(Host), ...common }),
  object({ kind: literal("step"), step: enums(["seen", "started", "sent"]), ...common }),
  object({
    kind: literal("speed"),
    lcp: optional(min(max(number(), 120_000), 0)),
    cls: optional(min(max(number(), 100), 0)),
    inp: optional(min(max(number(), 120_000), 0)),
    ...common,
  }),
]);

export type Beacon = Infer<typeof Beacon>;
