import { useSiteQuery } from "./use-site-metadata";

export type LegalPageLink = { path: string; title: string };

/** The privacy policy's file in content/legal/: the form links to it, wherever its `path` is. */
const privacyPolicyFile = "politique-confidentialite";

/**
 * The legal pages from `content/legal/`, in their `order`, each at the address and with the title
 * its file gives. Read through the site-wide static query (see use-site-metadata.ts).
 */
export default function useLegalPages(): readonly LegalPageLink[] {
  return useSiteQuery().allLegalPage.nodes;
}

/** The privacy policy's address, from its file in content/legal/. */
export function usePrivacyPolicyPath(): string {
  const page = useSiteQuery().allLegalPage.nodes.find(({ parent }) => {
    const file = parent && "parent" in parent ? parent.parent : null;
    return file !== null && "name" in file && file.name === privacyPolicyFile;
  });
  if (!page) throw new Error(`content/legal/${privacyPolicyFile}.md is missing`);
  return page.path;
}
