import React from "react";
import type { RuleTally } from "../../leads/lead-store";
import { quarantineRules } from "../../spam/suspicion";
import { ScrollRegion } from "./layout";

// What each anti-bot rule did over 90 days, for the privacy officer and whoever tunes the rules: a
// rule whose held requests are often released holds people, not robots.

/** The rule as the inbox names it; a rule of an older version by its key. */
export function ruleName(rule: string | undefined): string {
  if (rule !== undefined && Object.hasOwn(quarantineRules, rule)) {
    return quarantineRules[rule as keyof typeof quarantineRules];
  }
  return "règle d'une version précédente";
}

export function RuleFigures({ rules }: { rules: readonly RuleTally[] }) {
  return (
    <section aria-labelledby="regles">
      <h2 id="regles">Règles anti-robot, 90 derniers jours</h2>
      {rules.length === 0 ? (
        <p>Aucune demande retenue en quarantaine ces 90 derniers jours.</p>
      ) : (
        <ScrollRegion label="Règles anti-robot">
          <table className="cards">
            <thead>
              <tr>
                <th scope="col">Règle</th>
                <th scope="col">Retenues</th>
                <th scope="col">Libérées (pas un spam)</th>
                <th scope="col">Supprimées comme spam</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((tally) => (
                <tr key={tally.rule}>
                  <td data-label="Règle" className="lead">
                    {ruleName(tally.rule)}
                  </td>
                  <td data-label="Retenues">{tally.held}</td>
                  <td data-label="Libérées (pas un spam)">{tally.released}</td>
                  <td data-label="Supprimées comme spam">{tally.spam}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
