import React from "react";
import Icon, { isIconName } from "../icon/icon";
import * as styles from "./bar-chart.module.css";

export type Bar = { label: string; value: number; display: string; detail?: string; icon?: string };

type BarChartProps = {
  caption: string;
  /** Each bar's `value` is a percentage: a full-width bar is 100. */
  bars: readonly Bar[];
  tone?: "brand" | "accent";
};

/**
 * Horizontal bars drawn in CSS. Each figure is written beside its bar, so the chart reads the
 * same with or without sight; the bars themselves are hidden from assistive technology.
 */
export default function BarChart({ caption, bars, tone = "brand" }: BarChartProps) {
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.caption}>{caption}</figcaption>
      <ul className={styles.bars}>
        {bars.map((bar) => (
          <li key={bar.label} className={styles.row}>
            <span className={styles.label}>
              {bar.icon && isIconName(bar.icon) && (
                <Icon name={bar.icon} size={18} className={styles.icon} />
              )}
              {bar.label}
              {bar.detail && <span className={styles.detail}>{bar.detail}</span>}
            </span>
            <span className={styles.track} aria-hidden="true">
              <span
                className={`${styles.fill} ${styles[tone]}`}
                style={{ width: `${Math.min(100, bar.value)}%` }}
              />
            </span>
            <span className={styles.value}>{bar.display}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
