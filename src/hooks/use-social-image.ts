import { graphql } from "gatsby";
import useSiteContent from "./use-site-content";

export type SocialImage = { src: string; width: number; height: number; alt: string };

export const query = graphql`
  fragment SocialImage on LandingCopy {
    hero {
      imageAlt
      image {
        childImageSharp {
          resize(
            width: 1200
            height: 630
            fit: CONTAIN
            background: "#16365f"
            toFormat: JPG
            quality: 85
          ) {
            src
            width
            height
          }
        }
      }
    }
  }
`;

/**
 * The 1200×630 picture shown when a page is shared, drawn by gatsby-plugin-sharp at build time
 * from the hero illustration in content/images, letterboxed on the brand colour
 * (--color-brand; a GraphQL literal cannot read it, so src/build/__tests__/design-tokens.test.ts
 * holds the two together) rather than cropped, so no building loses its roof or its door.
 */
export default function useSocialImage(): SocialImage {
  const hero = useSiteContent().landingCopy?.hero;
  const resized = hero?.image.childImageSharp?.resize;
  if (!hero || !resized?.src || !resized.width || !resized.height) {
    throw new Error("content/images/ gives no social image: check landing.hero.image");
  }
  return { src: resized.src, width: resized.width, height: resized.height, alt: hero.imageAlt };
}
