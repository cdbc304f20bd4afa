import { graphql } from "gatsby";
import useSiteContent from "./use-site-content";

export type LegalPageLink = { path: string; title: string };

export const query = graphql`
  fragment LegalPageLink on LegalPage {
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
`;

/** The privacy policy's file in content/legal/: the form links to it, wherever its `path` is. */
const privacyPolicyFile = "politique-confidentialite";

/**
 * Whether a file of content/legal/ is a version of the privacy policy: its own, or a later one
 * named after it (`politique-confidentialite-2027.md`), which replaces it at its date while the
 * former is no longer built (src/build/schedule.ts).
 */
export const isPrivacyPolicyFile = (name: string) =>
  name === privacyPolicyFile || name.startsWith(`${privacyPolicyFile}-`);

/**
 * The legal pages from `content/legal/`, in their `order`, each once, at the address and with the title
 * its file gives. Read through the site's static query (use-site-content.ts).
 */
export default function useLegalPages(): readonly LegalPageLink[] {
  // A page with a former version (src/build/legal-versions.ts) has a node per version, all at
  // one address: one link each.
  const pages = useSiteContent().allLegalPage.nodes;
  return pages.filter(
    (page, index) => pages.findIndex((other) => other.path === page.path) === index,
  );
}

/** The privacy policy's address, from its file in content/legal/. */
export function usePrivacyPolicyPath(): string {
  const page = useSiteContent().allLegalPage.nodes.find(({ parent }) => {
    const file = parent && "parent" in parent ? parent.parent : null;
    return file !== null && "name" in file && isPrivacyPolicyFile(String(file.name));
  });
  if (!page) throw new Error(`content/legal/${privacyPolicyFile}.md is missing`);
  return page.path;
}
