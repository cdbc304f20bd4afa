import { graphql, useStaticQuery } from "gatsby";

export type ClientReference =
  Queries.UseClientReferencesQuery["allClientReference"]["nodes"][number];

/** The client organisations from `content/clients/`, in their `order`. */
export default function useClientReferences(): readonly ClientReference[] {
  const data = useStaticQuery<Queries.UseClientReferencesQuery>(graphql`
    query UseClientReferences {
      allClientReference(sort: { order: ASC }) {
        nodes {
          id
          name
        }
      }
    }
  `);
  return data.allClientReference.nodes;
}
