/** @jest-environment node */
import { buildSchema, type GraphQLObjectType } from "graphql";
import { contentKinds } from "../../shared/content-model/kinds";
import { contentTypeDefs } from "../schema";

// The GraphQL types are derived from the content model's schemas: checked here as Gatsby would
// read them, with stand-ins for what Gatsby itself declares (Node, File, Date, its directives).
const gatsbyStandIns = `
  interface Node { id: ID! }
  type File { relativePath: String }
  scalar Date
  directive @dontInfer on OBJECT
  directive @dateformat on FIELD_DEFINITION
  directive @fileByRelativePath on FIELD_DEFINITION
`;
const schema = buildSchema(`${gatsbyStandIns}\n${contentTypeDefs()}`);

function fieldsOf(typeName: string): Record<string, string> {
  const type = schema.getType(typeName) as GraphQLObjectType | undefined;
  if (!type) throw new Error(`no type ${typeName}`);
  return Object.fromEntries(
    Object.values(type.getFields()).map((field) => [field.name, String(field.type)]),
  );
}

it.each(Object.values(contentKinds))(
  "declares $nodeType as a node with every field of its schema",
  ({ nodeType, schema: struct }) => {
    const type = schema.getType(nodeType) as GraphQLObjectType;
    expect(type.getInterfaces().map(String)).toEqual(["Node"]);
    const declared = Object.keys(fieldsOf(nodeType));
    expect(declared).toEqual(expect.arrayContaining(Object.keys(struct.schema)));
  },
);

it("types each field as the schema constrains it, all required", () => {
  expect(fieldsOf("Figures")).toMatchObject({
    recoveryRate: "Float!",
    casesPerMonth: "Int!",
    channels: "[Channel!]!",
    delayBands: "[DelayBand!]!",
  });
  expect(fieldsOf("DelayBand")).toEqual({ days: "Int!", share: "Float!" });
  expect(fieldsOf("Channel")).toEqual({
    name: "String!",
    icon: "String!",
    rate: "Float!",
    description: "String!",
  });
});

it("adds the text under the frontmatter where the site shows it", () => {
  // The dates of a schedule stay as written, optional.
  expect(fieldsOf("Testimonial")).toEqual({
    order: "Int!",
    role: "String!",
    publishFrom: "String",
    retireAt: "String",
    quote: "String!",
  });
  expect(fieldsOf("LegalPage")).toEqual({
    title: "String!",
    path: "String!",
    order: "Int!",
    description: "String!",
    updatedAt: "Date!",
    applicableFrom: "String",
    html: "String!",
  });
  expect(contentTypeDefs()).toMatch(/updatedAt: Date! @dateformat/);
});

it("resolves the hero's picture to its file, and names the groups a fragment reads", () => {
  expect(fieldsOf("LandingCopyHero")).toMatchObject({ image: "File!", highlights: "[String!]!" });
  expect(contentTypeDefs()).toMatch(/image: File! @fileByRelativePath/);
  expect(fieldsOf("LandingCopyApproach")).toMatchObject({ cards: "[LandingItem!]!" });
  expect(fieldsOf("LandingCopyComplementaryServices")).toMatchObject({ items: "[LandingItem!]!" });
  expect(fieldsOf("LandingItem")).toEqual({ icon: "String!", title: "String!", text: "String!" });
});

it("leaves optional what a file may leave out: an audit not yet made, a carte G not held", () => {
  expect(fieldsOf("AccessibilityStatement")).toMatchObject({
    state: "String!",
    auditDate: "Date",
    auditRate: "Float",
    html: "String!",
  });
  expect(fieldsOf("CompanyDetails")).toMatchObject({
    carteGNumber: "String",
    guarantor: "String",
    insurancePolicy: "String!",
    dedicatedAccountBank: "String!",
    prosecutorDeclarationDate: "String!",
  });
  expect(fieldsOf("FigureSource")).toEqual({
    label: "String!",
    figures: "[String!]!",
    period: "String!",
    source: "String!",
  });
});
