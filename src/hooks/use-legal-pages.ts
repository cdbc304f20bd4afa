import { graphql, useStaticQuery } from "gatsby";

export type LegalPageLink = { path: string; title: string; file: string };

/** The privacy policy's file in content/legal/: the form links to it, wherever its `path` is. */
const privacyPolicyFile = "politique-confidentialite";

/**
 * The legal pages from `content/legal/`, in their `order`: each one's address and title as its
 * file gives them, and the file's name (without `.md`), by which code names a page.
 */
export default function useLegalPages(): readonly LegalPageLink[] {
  const data = useStaticQuery<Queries.UseLegalPagesQuery>(graphql`
    query UseLegalPages {
      allLegalPage(sort: { order: ASC }) {
        nodes {
          path
          title
          parent {
            ... on MarkdownRemark {
              parent {
                ... on File {
                  name
                }
              }
            }
          }
        }
      }
    }
  `);
  return data.allLegalPage.nodes.map(({ path, title, parent }) => {
    const file = parent && "parent" in parent ? parent.parent : null;
    const name = file && "name" in file && typeof file.name === "string" ? file.name : "";
    return { path, title, file: name };
  });
}

/** The privacy policy's address, from its file in content/legal/. */
export function usePrivacyPolicyPath(): string {
  const page = useLegalPages().find((candidate) => candidate.file === privacyPolicyFile);
  if (!page) throw new Error(`content/legal/${privacyPolicyFile}.md is missing`);
  return page.path;
}
