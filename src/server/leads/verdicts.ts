// The anti-bot rules' record (its SQL: sql-verdicts.ts): for each request a rule held in
// quarantine, whether the team released it as a person's or deleted it as spam. No personal data:
// the rule, the verdict and the day; kept 90 days, for the figures the journal page shows.

export type Verdict = "held" | "released" | "spam";

/** How far back the journal page's figures go, and how long a verdict is kept: 90 days. */
export const verdictDays = 90;

/** The first instant the figures cover at `now`: verdicts before it are purged. */
export const verdictsSince = (now: Date) => new Date(now.getTime() - verdictDays * 86_400_000);

/** What a rule did over a period: requests held, then released (not spam) or deleted (spam). */
export interface RuleTally {
  rule: string;
  held: number;
  released: number;
  spam: number;
}

export interface Verdicts {
  record(rule: string, verdict: Verdict, at: Date): Promise<void>;
  /** Each rule's figures since `since`, the rules that held most first. */
  tally(since: Date): Promise<RuleTally[]>;
}
