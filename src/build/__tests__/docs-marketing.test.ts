/** @jest-environment node */
import type { Struct } from "superstruct";
import { contentKinds, type ContentKind } from "../../shared/content-model/kinds";
import { codeSpan, read, tableUnder } from "../../../tests/docs/markdown";

// docs/marketing.md describes every field of every content kind, in a table per kind: the
// tables must name the content model's fields, no more, no less.

type AnyStruct = Struct<unknown, unknown>;

/** Every field a content file fills, as a path: `hero.title`, `channels[].rate`, `contact.points[]`. */
function fieldPaths(struct: AnyStruct, prefix = ""): string[] {
  if (struct.type === "object") {
    return Object.entries(struct.schema as Record<string, AnyStruct>).flatMap(([key, field]) =>
      fieldPaths(field, prefix ? `${prefix}.${key}` : key),
    );
  }
  if (struct.type === "array") {
    const item = struct.schema as AnyStruct;
    return item.type === "object" ? fieldPaths(item, `${prefix}[]`) : [`${prefix}[]`];
  }
  return [prefix];
}

describe("docs/marketing.md", () => {
  const guide = read("docs/marketing.md");

  it.each(Object.keys(contentKinds) as ContentKind[])(
    "describes every field of content/%s/, and only those",
    (kind) => {
      const rows = tableUnder(guide, (line) => line.includes(`\`content/${kind}/`));
      const documented = rows.map((row) => codeSpan(Object.values(row)[0]) ?? "");
      expect(documented.length).toBe(new Set(documented).size);
      expect([...documented].sort()).toEqual(
        fieldPaths(contentKinds[kind].schema as AnyStruct).sort(),
      );
    },
  );
});
