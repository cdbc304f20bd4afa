import { graphql } from "gatsby";
import useSiteContent from "./use-site-content";

export type Testimonial = Queries.TestimonialFragment;

export const query = graphql`
  fragment Testimonial on Testimonial {
    id
    quote
    role
  }
`;

/** The testimonials from `content/testimonials/`, in their `order`. */
export default function useTestimonials(): readonly Testimonial[] {
  return useSiteContent().allTestimonial.nodes;
}
