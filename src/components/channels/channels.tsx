import React from "react";
import type { Figures } from "../../hooks/use-figures";
import { formatPercent } from "../../shared/format";
import BarChart from "../charts/bar-chart";
import FigureSources from "../figure-sources/figure-sources";
import Section from "../ui/section";
import * as styles from "./channels.module.css";

type ChannelsProps = {
  title: string;
  intro: string;
  chartCaption: string;
  combinedLabel: string;
  channels: Figures["channels"];
  combinedContactRate: number;
  sources: Figures["sources"];
};

/** Contact rate by channel, as bars, and the rate of all channels together. */
export default function Channels(props: ChannelsProps) {
  return (
    <Section id="canaux" title={props.title} intro={props.intro}>
      <div className={styles.layout}>
        <BarChart
          caption={props.chartCaption}
          tone="accent"
          bars={props.channels.map((channel) => ({
            label: channel.name,
            icon: channel.icon,
            detail: channel.description,
            value: channel.rate,
            display: formatPercent(channel.rate),
          }))}
        />
        <p className={styles.combined}>
          <span className={styles.combinedValue}>{formatPercent(props.combinedContactRate)}</span>
          <span className={styles.combinedLabel}>{props.combinedLabel}</span>
        </p>
      </div>
      <FigureSources sources={props.sources} figures={["channels", "combinedContactRate"]} />
    </Section>
  );
}
