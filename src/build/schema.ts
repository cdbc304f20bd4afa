import type { GatsbyNode } from "gatsby";
import { validate, type Struct } from "superstruct";
import { constraintsOf, graphqlTypeOf, isRelativeFile } from "../shared/content-model/fields";
import { bodyOf, contentKinds, type ContentKind } from "../shared/content-model/kinds";

// The GraphQL schema is declared rather than inferred, so a field missing from every file is
// still queryable and the generated types carry no `| null` for what the build guarantees. The
// content kinds' types are not written here but derived from their superstruct schemas
// (src/shared/content-model/), the one declaration of each field: a field added there is queryable.

type AnyStruct = Struct<unknown, unknown>;

const capitalized = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
const isRequired = (struct: AnyStruct) => validate(undefined, struct)[0] !== undefined;

/** `type X implements Node @dontInfer { … }` for every content kind, and the types they use. */
export function contentTypeDefs(): string {
  // Each type once, nested types before the types that use them.
  const definitions = new Map<string, string>();

  function defineObject(name: string, struct: AnyStruct, header: string, extra: string[]): void {
    const schema = struct.schema as Record<string, AnyStruct>;
    const fields = Object.entries(schema).map(
      ([field, fieldStruct]) =>
        `  ${field}: ${fieldType(fieldStruct, `${name}${capitalized(field)}`)}`,
    );
    definitions.set(name, `type ${name}${header} {\n${[...fields, ...extra].join("\n")}\n}`);
  }

  function fieldType(struct: AnyStruct, nameByPlace: string): string {
    const bang = isRequired(struct) ? "!" : "";
    if (struct.type === "object") {
      const name = graphqlTypeOf(struct) ?? nameByPlace;
      if (!definitions.has(name)) defineObject(name, struct, "", []);
      return `${name}${bang}`;
    }
    if (struct.type === "array") {
      return `[${fieldType(struct.schema as AnyStruct, nameByPlace)}]${bang}`;
    }
    if (isRelativeFile(struct)) return `File${bang} @fileByRelativePath`;
    const rules = constraintsOf(struct);
    // A Paris time stays as written: only the build's schedule (schedule.ts) reads instants.
    switch (rules?.kind) {
      case "text":
      case "choice":
      case "datetime":
        return `String${bang}`;
      case "number":
        return `${rules.integer ? "Int" : "Float"}${bang}`;
      case "date":
        return `Date${bang} @dateformat`;
      default:
        throw new Error(`${nameByPlace}: no GraphQL type for superstruct's ${struct.type}`);
    }
  }

  for (const [kind, { nodeType, schema }] of Object.entries(contentKinds)) {
    const body = bodyOf(kind as ContentKind);
    const bodyField = !body
      ? []
      : body.as === "html"
        ? ['  "The body as HTML, with company details filled in."', `  ${body.field}: String!`]
        : [`  ${body.field}: String!`];
    defineObject(nodeType, schema as AnyStruct, " implements Node @dontInfer", bodyField);
  }
  return [...definitions.values()].join("\n\n");
}

export const declareSchema: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type SiteSiteMetadata {
      siteUrl: String!
      copyrightYear: Int!
      previewBranch: String
      previewAt: String
    }

    # Frontmatter is read through the typed nodes below, never queried raw: inferring it would
    # only warn that one kind's \`channels\` (a list) is another kind's (a group of fields).
    type MarkdownRemark implements Node @dontInfer { frontmatter: MarkdownRemarkFrontmatter }
    type MarkdownRemarkFrontmatter @dontInfer { title: String }

    ${contentTypeDefs()}
  `);
};
