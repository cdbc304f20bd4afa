import { graphql } from "gatsby";
import useSiteContent from "./use-site-content";

export type Accessibility = Queries.AccessibilityFragment;

export const query = graphql`
  fragment Accessibility on AccessibilityStatement {
    path
    title
    state
    auditDate
    auditRate
  }
`;

/** The accessibility statement's address and state (`content/accessibility/`): the footer says it. */
export default function useAccessibility(): Accessibility {
  const { accessibilityStatement } = useSiteContent();
  if (!accessibilityStatement) throw new Error("content/accessibility/ has no statement");
  return accessibilityStatement;
}
