import React from "react";
import CardGrid, { type CardItem } from "../ui/card-grid";
import Section from "../ui/section";

type ComplementaryServicesProps = { title: string; intro: string; items: readonly CardItem[] };

export default function ComplementaryServices({ title, intro, items }: ComplementaryServicesProps) {
  return (
    <Section id="services-complementaires" title={title} intro={intro} tone="muted">
      <CardGrid items={items} columns={3} />
    </Section>
  );
}
