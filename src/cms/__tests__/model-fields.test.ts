/** @jest-environment node */
import { array, object } from "superstruct";
import {
  isoDate,
  oneOf,
  optionalField,
  patternText,
  patternTextOrPlaceholder,
  percentage,
  positiveInteger,
  positiveNumber,
  text,
  wholeValue,
} from "../../shared/content-model/fields";
import * as patterns from "../../shared/content-model/patterns";
import { collectionOf, fieldsOf, type FieldWords } from "../model-fields";

// The admin's field for each type of field the content model has: what the schema says is what
// the admin enforces, and only the words come from the collection's table.

/** A group of one field, `value`, as the schemas declare fields. */
type Group = { readonly schema: unknown };

/** The admin's field for the field `value` of a group, labelled « Libellé ». */
function adminField(group: Group, words: Partial<FieldWords> = {}) {
  const [field] = fieldsOf(group, { value: { label: "Libellé", ...words } }, "demo");
  return field;
}

const day = {
  widget: "datetime",
  format: "YYYY-MM-DD",
  date_format: "DD/MM/YYYY",
  time_format: false,
  picker_utc: true,
};

describe("an admin field made from the content model", () => {
  it.each<[string, Group, object]>([
    ["a text", object({ value: text() }), { widget: "string" }],
    [
      "a text of a given shape, with what it expects in French",
      object({ value: patternText(patterns.sitePath) }),
      {
        widget: "string",
        pattern: [
          wholeValue(patterns.sitePath, false).source,
          "Attendu : une adresse de page commençant par « / », en minuscules et tirets (par exemple /mentions-legales).",
        ],
      },
    ],
    [
      "a detail that a placeholder may stand in for",
      object({ value: patternTextOrPlaceholder(patterns.frenchPhone) }),
      {
        widget: "string",
        pattern: [
          wholeValue(patterns.frenchPhone, true).source,
          "Attendu : un numéro de téléphone français (par exemple 01 23 45 67 89).",
        ],
      },
    ],
    [
      "a percentage",
      object({ value: percentage() }),
      { widget: "number", value_type: "float", min: 0, max: 100 },
    ],
    [
      "a whole number from 1",
      object({ value: positiveInteger() }),
      { widget: "number", value_type: "int", min: 1 },
    ],
    [
      "a number from 1",
      object({ value: positiveNumber() }),
      { widget: "number", value_type: "float", min: 1 },
    ],
    ["a day", object({ value: isoDate() }), day],
    ["a choice", object({ value: oneOf(["a", "b"]) }), { widget: "select", options: ["a", "b"] }],
    ["an optional day", object({ value: optionalField(isoDate()) }), { ...day, required: false }],
  ])("%s", (_, group, expected) => {
    expect(adminField(group)).toEqual({ name: "value", label: "Libellé", ...expected });
  });

  it("has no upper bound where the model sets none", () => {
    expect(adminField(object({ value: positiveInteger() }))).not.toHaveProperty("max");
  });

  it("writes a text over several lines where the table asks, keeping the model's pattern", () => {
    expect(
      adminField(object({ value: patternText(patterns.email) }), { widget: "text" }),
    ).toMatchObject({
      widget: "text",
      pattern: [wholeValue(patterns.email, false).source, expect.stringMatching(/^Attendu : /)],
    });
  });

  it("refuses a multi-line box for what is not a text", () => {
    expect(() => adminField(object({ value: percentage() }), { widget: "text" })).toThrow(
      "demo.value: widget text is for a text, not a percentage",
    );
  });

  it("makes groups and lists from the schema, with the table's words", () => {
    const schema = object({
      group: object({ title: text() }),
      cards: array(object({ icon: oneOf(["phone"]) })),
      points: array(text()),
    });
    const fields = fieldsOf(
      schema,
      {
        group: { label: "Groupe", fields: { title: { label: "Titre" } } },
        cards: {
          label: "Cartes",
          summary: "{{fields.icon}}",
          fields: { icon: { label: "Icône" } },
        },
        points: { label: "Arguments", field: { name: "point", label: "Argument" } },
      },
      "demo",
    );
    expect(fields).toEqual([
      {
        name: "group",
        label: "Groupe",
        widget: "object",
        fields: [{ name: "title", label: "Titre", widget: "string" }],
      },
      {
        name: "cards",
        label: "Cartes",
        summary: "{{fields.icon}}",
        widget: "list",
        fields: [{ name: "icon", label: "Icône", widget: "select", options: ["phone"] }],
      },
      {
        name: "points",
        label: "Arguments",
        widget: "list",
        field: { name: "point", label: "Argument", widget: "string" },
      },
    ]);
  });

  it("shows the fields in the table's order", () => {
    const fields = fieldsOf(
      object({ a: text(), b: text() }),
      { b: { label: "B" }, a: { label: "A" } },
      "demo",
    );
    expect(fields.map((field) => field.name)).toEqual(["b", "a"]);
  });
});

describe("a field without its French words", () => {
  const schema = object({ hero: object({ title: text(), lead: text() }) });

  it("fails, naming the field of the schema left without a label", () => {
    expect(() =>
      fieldsOf(
        schema,
        { hero: { label: "Bandeau", fields: { title: { label: "Titre" } } } },
        "landing",
      ),
    ).toThrow("landing.hero.lead: no French label (add it to the collection's table)");
  });

  it("fails, naming a label left over from a field the schema no longer has", () => {
    const words = {
      title: { label: "Titre" },
      lead: { label: "Chapeau" },
      eyebrow: { label: "Surtitre" },
    };
    expect(() =>
      fieldsOf(schema, { hero: { label: "Bandeau", fields: words } }, "landing"),
    ).toThrow("landing.hero.eyebrow: has a label but is not a field of the schema");
  });

  it("fails on an empty label", () => {
    expect(() => adminField(object({ value: text() }), { label: " " })).toThrow(
      "demo.value: no French label",
    );
  });

  it("fails on a list of values without the words of its entries", () => {
    expect(() =>
      fieldsOf(object({ points: array(text()) }), { points: { label: "Arguments" } }, "demo"),
    ).toThrow("demo.points: no French label for the list's entries (`field`)");
  });

  it("is a type error too, before any test runs", () => {
    const missing = () =>
      collectionOf("testimonials", {
        label: "Témoignages",
        // @ts-expect-error: `role` has no words, which is what this test is about.
        fields: { order: { label: "Position" }, ...windowWords },
        body: { label: "Témoignage" },
      });
    expect(missing).toThrow("testimonials.role: no French label");
  });
});

const windowWords = {
  publishFrom: { label: "Publier à partir du" },
  retireAt: { label: "Retirer le" },
};
const parisTime = {
  widget: "datetime",
  format: "YYYY-MM-DD HH:mm",
  date_format: "DD/MM/YYYY",
  time_format: "HH:mm",
  picker_utc: true,
};

describe("a collection made from a kind of content", () => {
  const clientWords = { order: { label: "Position" }, name: { label: "Nom" }, ...windowWords };

  it("is the kind's folder of entries, with the Decap options of its table", () => {
    expect(
      collectionOf("clients", { label: "Références", create: true, fields: clientWords }),
    ).toEqual({
      name: "clients",
      label: "Références",
      create: true,
      folder: "content/clients",
      fields: [
        { name: "order", label: "Position", widget: "number", value_type: "int", min: 1 },
        { name: "name", label: "Nom", widget: "string" },
        // A Paris time, saved as typed whatever the browser's zone: the build reads it as Paris's.
        { name: "publishFrom", label: "Publier à partir du", required: false, ...parisTime },
        { name: "retireAt", label: "Retirer le", required: false, ...parisTime },
      ],
    });
  });

  it("refuses one file for a kind of many", () => {
    const file = { path: "content/clients/a.md", label: "A" };
    expect(() =>
      collectionOf("clients", { label: "Références", file, fields: clientWords }),
    ).toThrow("clients: a folder of entries, not one file");
  });

  it("asks a kind of one file to name it, under its folder", () => {
    const words = { label: "Page", fields: {} as never, body: { label: "Texte" } };
    expect(() => collectionOf("tenants", words)).toThrow(
      "tenants: its one file, under content/tenants/, is not named",
    );
  });

  it("asks for the text under the frontmatter as the site shows it: Markdown, or plain text", () => {
    const testimonials = collectionOf("testimonials", {
      label: "Témoignages",
      fields: { order: { label: "Position" }, role: { label: "Fonction" }, ...windowWords },
      body: { label: "Témoignage" },
    });
    expect(testimonials.fields?.at(-1)).toEqual({
      name: "body",
      label: "Témoignage",
      widget: "text",
    });
  });

  it("fails when the text the site shows has no label, or when the site shows none", () => {
    const testimonialWords = {
      order: { label: "Position" },
      role: { label: "Fonction" },
      ...windowWords,
    };
    expect(() => collectionOf("testimonials", { label: "T", fields: testimonialWords })).toThrow(
      "testimonials.body: no French label",
    );
    expect(() =>
      collectionOf("clients", { label: "R", fields: clientWords, body: { label: "Texte" } }),
    ).toThrow("clients.body: has a label but the site shows no text for it");
  });
});
