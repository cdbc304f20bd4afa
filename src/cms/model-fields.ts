// The admin's collections made from the content model: each field's widget and constraints come
// from its kind's schema (src/shared/content-model/), so a value the admin saves is one the build
// accepts. A collection's table (src/cms/collections/) gives only what the model cannot say: the
// French words, and how a field is shown.
import { validate, type Infer, type Struct } from "superstruct";
import type { CmsCollection, CmsField } from "./cms-types";
import { constraintsOf } from "../shared/content-model/fields";
import { bodyOf, contentKinds, type ContentKind } from "../shared/content-model/kinds";

type AnyStruct = Struct<unknown, unknown>;

/** What the model cannot say about a field: its French words, and how the admin shows it. */
export type FieldWords = {
  label: string;
  hint?: string;
  /** A text written over several lines (Decap's `text`) rather than on one (`string`). */
  widget?: "text";
  /** How Decap names one entry of a list (« Ajouter un canal »). */
  label_singular?: string;
  /** A folded entry of a list, such as `{{fields.title}}`. */
  summary?: string;
  /** The fewest entries of a list; the schema's own refinement requires them too. */
  min?: number;
};

type Leaf = string | number | boolean | Date;

/**
 * The words of every field of a group, and of no other: TypeScript names a field of the schema
 * left without a label, and a label left over from a field the schema no longer has.
 */
export type GroupWords<T> = { [K in keyof T]-?: WordsOf<NonNullable<T[K]>> };

type WordsOf<V> = [V] extends [Leaf]
  ? FieldWords
  : V extends readonly (infer Item)[]
    ? FieldWords &
        ([Item] extends [Leaf]
          ? { field: FieldWords & { name: string } }
          : { fields: GroupWords<Item> })
    : FieldWords & { fields: GroupWords<V> };

/** The same words as the walk reads them, whatever the schema. */
type AnyWords = FieldWords & {
  fields?: Record<string, AnyWords>;
  field?: AnyWords & { name: string };
};

/** A calendar day, picked in French order and saved as `AAAA-MM-JJ`, as the build reads it. */
const dayWidget = {
  widget: "datetime",
  format: "YYYY-MM-DD",
  date_format: "DD/MM/YYYY",
  time_format: false,
  picker_utc: true,
};

/**
 * A date and time of Paris, saved as typed (`AAAA-MM-JJ HH:MM`): the picker reads and writes the
 * value as it is, whatever the zone of the browser (picker_utc), and the build reads it as Paris
 * time (src/shared/content-model/paris-time.ts).
 */
const parisTimeWidget = {
  widget: "datetime",
  format: "YYYY-MM-DD HH:mm",
  date_format: "DD/MM/YYYY",
  time_format: "HH:mm",
  picker_utc: true,
};

const isOptional = (struct: AnyStruct) => validate(undefined, struct)[0] === undefined;

/** The widget and constraints of a single value, from what its field type records. */
function leafOf(struct: AnyStruct, words: FieldWords, path: string): Partial<CmsField> {
  const rules = constraintsOf(struct);
  switch (rules?.kind) {
    // A relative file (the hero's picture, isRelativeFile) is edited as its path: a text whose
    // pattern the model gives.
    case "text":
      return {
        widget: words.widget ?? "string",
        ...("pattern" in rules && {
          pattern: [rules.pattern.source, `Attendu : ${rules.expected}.`] as [string, string],
        }),
      };
    case "number":
      return {
        widget: "number",
        value_type: rules.integer ? "int" : "float",
        min: rules.min,
        ...(rules.max !== undefined && { max: rules.max }),
      };
    case "date":
      return dayWidget;
    case "datetime":
      return parisTimeWidget;
    case "choice":
      return { widget: "select", options: [...rules.options] };
    default:
      throw new Error(`${path}: the model records no constraints for superstruct's ${struct.type}`);
  }
}

function fieldOf(name: string, struct: AnyStruct, words: AnyWords, path: string): CmsField {
  if (typeof words.label !== "string" || words.label.trim() === "") {
    throw new Error(`${path}: no French label`);
  }
  const { fields, field, ...shown } = words;
  if (shown.widget && constraintsOf(struct)?.kind !== "text") {
    throw new Error(`${path}: widget ${shown.widget} is for a text, not a ${struct.type}`);
  }
  const base = { name, ...shown, ...(isOptional(struct) && { required: false }) };
  if (struct.type === "object") {
    return { ...base, widget: "object", fields: fieldsOf(struct, fields ?? {}, path) };
  }
  if (struct.type !== "array") return { ...base, ...leafOf(struct, shown, path) };
  const item = struct.schema as AnyStruct;
  if (item.type === "object") {
    return { ...base, widget: "list", fields: fieldsOf(item, fields ?? {}, path) };
  }
  // A list of single values: Decap still wants a name for the one field each entry is.
  if (!field) throw new Error(`${path}: no French label for the list's entries (\`field\`)`);
  const { name: itemName, ...itemWords } = field;
  return { ...base, widget: "list", field: fieldOf(itemName, item, itemWords, `${path}[]`) };
}

/**
 * The admin's fields for a group of the schema, in the order of its words. Throws, naming the
 * field, when the schema has a field without words or the words name a field it does not have.
 */
export function fieldsOf(
  struct: { readonly schema: unknown },
  words: Record<string, AnyWords>,
  path: string,
): CmsField[] {
  const schema = struct.schema as Record<string, AnyStruct>;
  const unlabelled = Object.keys(schema).filter((name) => !Object.hasOwn(words, name));
  if (unlabelled.length > 0) {
    const where = unlabelled.map((name) => `${path}.${name}`).join(", ");
    throw new Error(`${where}: no French label (add it to the collection's table)`);
  }
  return Object.entries(words).map(([name, entry]) => {
    const inner = schema[name];
    if (!inner) throw new Error(`${path}.${name}: has a label but is not a field of the schema`);
    return fieldOf(name, inner, entry, `${path}.${name}`);
  });
}

/** The text under the frontmatter, where the site shows it: Markdown, or plain text. */
function bodyFields(kind: ContentKind, words: FieldWords | undefined): CmsField[] {
  const body = bodyOf(kind);
  if (!body) {
    if (words) throw new Error(`${kind}.body: has a label but the site shows no text for it`);
    return [];
  }
  if (!words) throw new Error(`${kind}.body: no French label`);
  if (body.as === "text") return [{ name: "body", ...words, widget: "text" }];
  // Raw first: the rich-text editor may rewrite tokens such as {{company.name}}.
  return [{ name: "body", ...words, widget: "markdown", modes: ["raw", "rich_text"] }];
}

type SchemaOf<K extends ContentKind> = Infer<(typeof contentKinds)[K]["schema"]>;

/** A collection's table: its own words and Decap options, and its fields' words. */
export type CollectionWords<K extends ContentKind> = {
  label: string;
  description?: string;
  /** For a kind of one file: that file, and its title in the admin. */
  file?: { path: string; label: string };
  fields: GroupWords<SchemaOf<K>>;
  /** The words of the text under the frontmatter, where the site shows it. */
  body?: FieldWords;
  // Decap's options for a folder of entries.
  label_singular?: string;
  create?: boolean;
  delete?: boolean;
  identifier_field?: string;
  slug?: string;
  summary?: string;
  sortable_fields?: string[];
};

/**
 * The admin's collection for a kind of content: a folder of entries (`content/<kind>/`), or the
 * kind's one file, with a field per field of the schema and the text the site shows.
 */
export function collectionOf<K extends ContentKind>(
  kind: K,
  { file, fields, body, ...options }: CollectionWords<K>,
): CmsCollection {
  const single = contentKinds[kind].single;
  if (!single && file) throw new Error(`${kind}: a folder of entries, not one file`);
  if (single && !file?.path.startsWith(`content/${kind}/`)) {
    throw new Error(`${kind}: its one file, under content/${kind}/, is not named`);
  }
  const allFields = [
    ...fieldsOf(contentKinds[kind].schema as AnyStruct, fields as Record<string, AnyWords>, kind),
    ...bodyFields(kind, body),
  ];
  if (!file) return { name: kind, ...options, folder: `content/${kind}`, fields: allFields };
  const files = [{ name: kind, label: file.label, file: file.path, fields: allFields }];
  return { name: kind, ...options, files };
}
