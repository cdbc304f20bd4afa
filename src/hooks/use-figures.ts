import { graphql } from "gatsby";
import useSiteContent from "./use-site-content";

export type Figures = Queries.FiguresFragment;

export const query = graphql`
  fragment Figures on Figures {
    recoveryRate
    amicableRate
    preLitigationRate
    averageDelayDays
    casesPerMonth
    averageRecoveredAmount
    averageServiceCost
    combinedContactRate
    takeoverHours
    firstContactHours
    quoteReplyHours
    channels {
      name
      icon
      rate
      description
    }
    delayBands {
      days
      share
    }
    sources {
      label
      figures
      period
      source
    }
  }
`;

/** Every business figure from `content/figures/`. */
export default function useFigures(): Figures {
  const { figures } = useSiteContent();
  if (!figures) throw new Error("content/figures/ has no figures");
  return figures;
}
