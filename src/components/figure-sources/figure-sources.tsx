import React from "react";
import type { Figures } from "../../hooks/use-figures";
import * as styles from "./figure-sources.module.css";

type FigureSourcesProps = {
  sources: Figures["sources"];
  /** The figures shown above: only the sources of these are listed. */
  figures: readonly string[];
};

/** The period and source of the figures just above, as a note a visitor reads in passing. */
export default function FigureSources({ sources, figures }: FigureSourcesProps) {
  const shown = sources.filter((source) => source.figures.some((name) => figures.includes(name)));
  if (shown.length === 0) return null;
  return (
    <div className={styles.note}>
      {shown.map((source) => (
        <p key={source.label}>
          {source.label} : {source.period}, {source.source}.
        </p>
      ))}
    </div>
  );
}
