import { graphql } from "gatsby";
import useSiteContent from "./use-site-content";

export type ClientReference = Queries.ClientReferenceFragment;

export const query = graphql`
  fragment ClientReference on ClientReference {
    id
    name
  }
`;

/** The client organisations from `content/clients/`, in their `order`. */
export default function useClientReferences(): readonly ClientReference[] {
  return useSiteContent().allClientReference.nodes;
}
