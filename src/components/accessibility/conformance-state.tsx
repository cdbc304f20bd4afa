import React from "react";
import type { Accessibility } from "../../hooks/use-accessibility";
import { formatLongDate, formatPercent } from "../../shared/format";

type ConformanceStateProps = Pick<Accessibility, "state" | "auditDate" | "auditRate"> & {
  siteName: string;
};

/** The statement's first section: the state, and the audit it rests on, or that there is none. */
export default function ConformanceState(props: ConformanceStateProps) {
  const { state, auditDate, auditRate, siteName } = props;
  return (
    <section aria-labelledby="conformance-title">
      <h2 id="conformance-title">État de conformité</h2>
      <p>
        Le site de {siteName} est <strong>{state}</strong> avec le référentiel général
        d'amélioration de l'accessibilité (RGAA), version 4.1.2.
      </p>
      <p>
        {auditDate && auditRate !== null && auditRate !== undefined
          ? `L'audit du ${formatLongDate(auditDate)} relève un taux de conformité de ${formatPercent(auditRate)}.`
          : "Aucun audit de conformité n'a encore été réalisé : l'état ne peut donc pas être autre que « non conforme »."}
      </p>
    </section>
  );
}
