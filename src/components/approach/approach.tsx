import React from "react";
import CardGrid, { type CardItem } from "../ui/card-grid";
import Section from "../ui/section";

type ApproachProps = { title: string; intro: string; cards: readonly CardItem[] };

/**
 * The four pillars of the service (the landing copy's `approach`). Its anchor is `#services`
 * because the navigation sends « Services » here (docs/product.md, "Routes and sections"); the
 * complementary services (`complementaryServices`) follow in a section of their own.
 */
export default function Approach({ title, intro, cards }: ApproachProps) {
  return (
    <Section id="services" title={title} intro={intro}>
      <CardGrid items={cards} columns={4} />
    </Section>
  );
}
