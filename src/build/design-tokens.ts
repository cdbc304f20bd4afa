import { readFileSync } from "node:fs";
import path from "node:path";

// The design tokens' values for code that cannot read CSS: the tests holding the social image's
// background and the pages' theme colour (src/shared/favicon.ts) to the brand colour
// (src/build/__tests__/design-tokens.test.ts).
// Read from the site's root.
const tokens = readFileSync(path.resolve("src/styles/tokens.css"), "utf8");

/** The colour a custom property of src/styles/tokens.css holds, such as `--color-brand`. */
export function designToken(name: `--color-${string}`): string {
  const value = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(tokens)?.[1];
  if (!value) throw new Error(`src/styles/tokens.css has no colour ${name}`);
  return value;
}
