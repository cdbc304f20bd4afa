import type { GatsbyNode, Node } from "gatsby";
import type { GraphQLObjectType, GraphQLResolveInfo } from "graphql";
import { bodyOf, contentKinds, type ContentKind } from "../shared/content-model/kinds";
import { fillTokens, tokenValues } from "../shared/content-model/tokens";

// The part of Gatsby's resolver context used here; Gatsby does not export its type.
type ResolverContext = {
  nodeModel: {
    getNodeById(args: { id: string | null }): Node | null;
    findOne(args: { type: string }): Promise<Node | null>;
  };
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The node types whose body is shown as HTML: the legal pages, the statement, the tenants' page. */
const htmlTypes = (Object.keys(contentKinds) as ContentKind[])
  .filter((kind) => bodyOf(kind)?.as === "html")
  .map((kind) => contentKinds[kind].nodeType);

const htmlResolver = {
  async resolve(source: Node, args: unknown, context: ResolverContext, info: GraphQLResolveInfo) {
    const markdown = context.nodeModel.getNodeById({ id: source.parent });
    const markdownType = info.schema.getType("MarkdownRemark") as GraphQLObjectType;
    const html = (await markdownType
      .getFields()
      .html?.resolve?.(markdown, args, context, info)) as string;
    const company = await context.nodeModel.findOne({ type: "CompanyDetails" });
    const figures = await context.nodeModel.findOne({ type: "Figures" });
    if (!company || !figures) return html;
    return fillTokens(html, tokenValues(company, figures), escapeHtml);
  },
};

/**
 * createResolvers: a page's `html` (legal pages, accessibility statement, tenants' page) is its
 * Markdown's own HTML, with the company's details and the figures in place of their `{{tokens}}`
 * (escaped: a detail is text, never markup).
 */
export const resolveLegalHtml: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers(Object.fromEntries(htmlTypes.map((type) => [type, { html: htmlResolver }])));
};
