import { graphql, useStaticQuery } from "gatsby";

export type Testimonial = Queries.UseTestimonialsQuery["allTestimonial"]["nodes"][number];

/** The testimonials from `content/testimonials/`, in their `order`. */
export default function useTestimonials(): readonly Testimonial[] {
  const data = useStaticQuery<Queries.UseTestimonialsQuery>(graphql`
    query UseTestimonials {
      allTestimonial(sort: { order: ASC }) {
        nodes {
          id
          quote
          role
        }
      }
    }
  `);
  return data.allTestimonial.nodes;
}
