import React from "react";
import type { Figures } from "../../hooks/use-figures";
import type { LandingCopy } from "../../hooks/use-landing-copy";
import {
  formatDays,
  formatEuro,
  formatNumber,
  formatPercent,
  formatRatio,
} from "../../shared/format";
import BarChart from "../charts/bar-chart";
import FigureSources from "../figure-sources/figure-sources";
import Section from "../ui/section";
import * as styles from "./results.module.css";

type ResultsProps = { copy: LandingCopy["results"]; figures: Figures };

/** The figures this section shows, whose period and source it notes below them. */
const shownFigures = [
  "recoveryRate",
  "amicableRate",
  "preLitigationRate",
  "averageDelayDays",
  "casesPerMonth",
  "averageRecoveredAmount",
  "averageServiceCost",
  "delayBands",
];

/** The measured results: key figures above, the spread of recovery delays below. */
export default function Results({ copy, figures }: ResultsProps) {
  return (
    <Section id="results" title={copy.title} intro={copy.intro} tone="muted">
      <div className={styles.stack}>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{copy.recoveryLabel}</dt>
            <dd className={styles.value}>{formatPercent(figures.recoveryRate)}</dd>
            <dd>
              <RecoverySplit copy={copy} figures={figures} />
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{copy.delayLabel}</dt>
            <dd className={styles.value}>{formatDays(figures.averageDelayDays)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{copy.casesLabel}</dt>
            <dd className={styles.value}>{formatNumber(figures.casesPerMonth)}+</dd>
          </div>
          <div className={styles.figure}>
            <dt>{copy.ratioLabel}</dt>
            <dd className={styles.value}>
              {formatRatio(figures.averageRecoveredAmount, figures.averageServiceCost)}
            </dd>
            <dd className={styles.comparison}>
              <span>
                {copy.amountLabel} <strong>{formatEuro(figures.averageRecoveredAmount)}</strong>
              </span>
              <span>
                {copy.costLabel} <strong>{formatEuro(figures.averageServiceCost)}</strong>
              </span>
            </dd>
          </div>
        </dl>
        <div className={styles.bands}>
          <BarChart
            caption={copy.bandsTitle}
            bars={figures.delayBands.map((band) => ({
              label: formatDays(band.days),
              value: band.share,
              display: formatPercent(band.share),
            }))}
          />
        </div>
      </div>
      <FigureSources sources={figures.sources} figures={shownFigures} />
    </Section>
  );
}

function RecoverySplit({ copy, figures }: ResultsProps) {
  return (
    <div className={styles.split}>
      <span className={styles.splitTrack} aria-hidden="true">
        <span className={styles.amicable} style={{ width: `${figures.amicableRate}%` }} />
        <span className={styles.preLitigation} style={{ width: `${figures.preLitigationRate}%` }} />
      </span>
      <span className={styles.legend}>
        <span>
          <span className={`${styles.swatch} ${styles.amicable}`} aria-hidden="true" />
          {copy.amicableLabel} : <strong>{formatPercent(figures.amicableRate)}</strong>
        </span>
        <span>
          <span className={`${styles.swatch} ${styles.preLitigation}`} aria-hidden="true" />
          {copy.preLitigationLabel} : <strong>{formatPercent(figures.preLitigationRate)}</strong>
        </span>
      </span>
    </div>
  );
}
