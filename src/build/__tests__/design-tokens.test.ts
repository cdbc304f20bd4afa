/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { themeColor } from "../../shared/favicon";
import { designToken } from "../design-tokens";

// Colours that code outside CSS must write out, held to the design tokens they stand for.

it("reads a colour token from src/styles/tokens.css", () => {
  expect(designToken("--color-brand")).toMatch(/^#[0-9a-f]{6}$/i);
  expect(() => designToken("--color-nowhere")).toThrow("has no colour --color-nowhere");
});

it("letterboxes the social image on the brand colour", () => {
  // A GraphQL query is a literal Gatsby extracts at build time: it cannot read the token itself.
  const hook = readFileSync(path.resolve("src/hooks/use-social-image.ts"), "utf8");
  const background = /background: "(#[0-9a-fA-F]{3,8})"/.exec(hook)?.[1];
  expect(background?.toLowerCase()).toBe(designToken("--color-brand").toLowerCase());
});

it("colours the phone's browser bars in the brand colour", () => {
  expect(themeColor.toLowerCase()).toBe(designToken("--color-brand").toLowerCase());
});
