import type { GatsbyNode, Node } from "gatsby";
import { contentKinds } from "../shared/content-model/kinds";
import { readContentFile, type MarkdownNode } from "./content-files";

/**
 * onCreateNode: a typed node (`Figures`, `Testimonial`…) for each valid Markdown file of
 * `content/`, child of the file's MarkdownRemark node. A file with problems makes no node;
 * createPages reports it with all the others (content-checks.ts).
 */
export const createContentNode: GatsbyNode["onCreateNode"] = ({
  node,
  actions,
  getNode,
  createNodeId,
  createContentDigest,
}) => {
  if (node.internal.type !== "MarkdownRemark") return;
  const content = readContentFile(node as MarkdownNode, getNode);
  if (!content || content.problems.length > 0) return;

  const { kind, fields } = content;
  const { nodeType } = contentKinds[kind];
  const child = {
    ...fields,
    id: createNodeId(`${node.id} >>> ${nodeType}`),
    parent: node.id,
    children: [],
    internal: { type: nodeType, contentDigest: createContentDigest(fields) },
  };
  actions.createNode(child);
  actions.createParentChildLink({ parent: node, child: child as unknown as Node });
};
