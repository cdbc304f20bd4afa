import { graphql } from "gatsby";
import { fillTokensDeep, tokenValues } from "../shared/content-model/tokens";
import useCompany from "./use-company";
import useFigures from "./use-figures";
import useSiteContent from "./use-site-content";

export const query = graphql`
  fragment LandingItem on LandingItem {
    icon
    title
    text
  }
`;

export const landingCopyFragment = graphql`
  fragment LandingCopy on LandingCopy {
    seo {
      title
      description
    }
    hero {
      eyebrow
      title
      lead
      primaryCta
      secondaryCta
      imageAlt
      highlights
      image {
        childImageSharp {
          gatsbyImageData(
            width: 600
            layout: CONSTRAINED
            placeholder: NONE
            sizes: "(min-width: 960px) 560px, 100vw"
          )
        }
      }
    }
    approach {
      title
      intro
      cards {
        ...LandingItem
      }
    }
    complementaryServices {
      title
      intro
      items {
        ...LandingItem
      }
    }
    guarantees {
      title
      intro
      items {
        ...LandingItem
      }
    }
    channels {
      title
      intro
      chartCaption
      combinedLabel
    }
    results {
      title
      intro
      recoveryLabel
      amicableLabel
      preLitigationLabel
      delayLabel
      casesLabel
      amountLabel
      costLabel
      ratioLabel
      bandsTitle
    }
    references {
      title
      intro
    }
    testimonials {
      title
    }
    process {
      title
      intro
      steps {
        title
        text
      }
    }
    cta {
      title
      text
      phoneLabel
    }
    contact {
      title
      intro
      points
    }
    footer {
      tagline
    }
  }
`;

export type LandingCopy = Queries.LandingCopyFragment;

/** The landing page's copy from `content/landing/`, its tokens filled with figures and details. */
export default function useLandingCopy(): LandingCopy {
  const { landingCopy } = useSiteContent();
  const company = useCompany();
  const figures = useFigures();
  if (!landingCopy) throw new Error("content/landing/ has no landing copy");
  return fillTokensDeep(landingCopy, tokenValues(company, figures));
}
