import {
  AccessibilityStatement,
  ClientReference,
  CompanyDetails,
  Figures,
  LandingCopy,
  LegalPage,
  TenantPage,
  Testimonial,
} from "./schemas";

// The one declaration of the content kinds. Everything else is derived from it: the content
// sources of gatsby-config.ts, the GraphQL types (src/build/schema.ts), the build's checks
// (check.ts), the admin's collections and their fields (src/cms/model-fields.ts).
//
// Each kind is one folder of `content/`, the GraphQL node type made from its files, the schema
// every file's frontmatter must match, whether the folder holds one file or several, and, where
// the text under the frontmatter is shown on the site, the field that carries it: as text
// (`quote`), or as the HTML Markdown renders (`html`).
export const contentKinds = {
  company: { nodeType: "CompanyDetails", schema: CompanyDetails, single: true },
  figures: { nodeType: "Figures", schema: Figures, single: true },
  landing: { nodeType: "LandingCopy", schema: LandingCopy, single: true },
  testimonials: {
    nodeType: "Testimonial",
    schema: Testimonial,
    single: false,
    body: { field: "quote", as: "text", name: "le texte du témoignage" },
  },
  clients: { nodeType: "ClientReference", schema: ClientReference, single: false },
  legal: {
    nodeType: "LegalPage",
    schema: LegalPage,
    single: false,
    body: { field: "html", as: "html", name: "le texte de la page" },
  },
  accessibility: {
    nodeType: "AccessibilityStatement",
    schema: AccessibilityStatement,
    single: true,
    body: { field: "html", as: "html", name: "le texte de la déclaration" },
  },
  tenants: {
    nodeType: "TenantPage",
    schema: TenantPage,
    single: true,
    body: { field: "html", as: "html", name: "le texte de la page" },
  },
} as const;

export type ContentKind = keyof typeof contentKinds;

/** The text under a kind's frontmatter: which field carries it, and what it is called. */
type ContentBody = { field: string; as: "text" | "html"; name: string };

export function bodyOf(kind: ContentKind): ContentBody | undefined {
  const declaration = contentKinds[kind];
  return "body" in declaration ? declaration.body : undefined;
}

export function isContentKind(name: string): name is ContentKind {
  return Object.hasOwn(contentKinds, name);
}

/** Folders of `content/` that hold files the kinds point to (the hero image), not content. */
const assetFolders = ["images"] as const;

/** Every folder of `content/` the site reads, one gatsby-source-filesystem instance each. */
export const contentFolders: readonly string[] = [...Object.keys(contentKinds), ...assetFolders];
