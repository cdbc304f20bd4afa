import React from "react";
import CardGrid, { type CardItem } from "../ui/card-grid";
import Section from "../ui/section";

type GuaranteesProps = { title: string; intro: string; items: readonly CardItem[] };

export default function Guarantees({ title, intro, items }: GuaranteesProps) {
  return (
    <Section id="garanties" title={title} intro={intro}>
      <CardGrid items={items} columns={4} variant="inline" />
    </Section>
  );
}
