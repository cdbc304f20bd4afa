import type { Executor } from "./database";
import type { RuleTally, Verdict, Verdicts } from "./lead-store";

// The anti-bot rules' record (table spam_verdicts), one text for both engines.

export class SqlVerdicts implements Verdicts {
  constructor(
    private readonly db: Executor,
    private readonly ready: () => Promise<void>,
  ) {}

  async record(rule: string, verdict: Verdict, at: Date): Promise<void> {
    await this.ready();
    await this.db.query("INSERT INTO spam_verdicts (at, rule, verdict) VALUES ($1, $2, $3)", [
      at,
      rule,
      verdict,
    ]);
  }

  async tally(since: Date): Promise<RuleTally[]> {
    await this.ready();
    const { rows } = await this.db.query<{ rule: string; verdict: Verdict; n: number | string }>(
      `SELECT rule, verdict, count(*) AS n FROM spam_verdicts WHERE at >= $1 GROUP BY rule, verdict`,
      [since],
    );
    const tallies = new Map<string, RuleTally>();
    for (const row of rows) {
      const tally = tallies.get(row.rule) ?? { rule: row.rule, held: 0, released: 0, spam: 0 };
      tally[row.verdict] = Number(row.n);
      tallies.set(row.rule, tally);
    }
    return [...tallies.values()].sort((a, b) => b.held - a.held || a.rule.localeCompare(b.rule));
  }
}
