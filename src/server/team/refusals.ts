import type { AuditLog } from "../leads/lead-store";
import { processLogger, type LeadLogger } from "../log/logger";
import { oneLine } from "../one-line";

// What the inbox refuses, in the journal the privacy officer reads: a sign-in link refused, a
// post forged or from another origin, a page refused to a role. One line each (who, if known;
// what; the request's id, which leads to the server's log), but no more than `perMinute` a
// minute: a flood of refusals fills neither the disk nor the journal, and the line that marks
// the limit says refusals went unrecorded.

/** Who a refused line names when no session says who asked. */
export const unknownActor = "inconnu (pas de session)";

export class RefusalJournal {
  private windowStart = 0;
  private written = 0;

  constructor(
    private readonly audit: Pick<AuditLog, "record">,
    private readonly log: LeadLogger = processLogger(),
    private readonly perMinute = 10,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Journals one refusal, within the limit; never throws (a failure goes to the log). */
  async record(who: string | undefined, what: string, requestId: string): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.windowStart >= 60_000) {
      this.windowStart = now.getTime();
      this.written = 0;
    }
    if (this.written > this.perMinute) return;
    this.written += 1;
    const detail =
      this.written > this.perMinute
        ? `plus de ${this.perMinute} refus en une minute : les suivants ne sont pas journalisés avant la minute suivante (le journal du serveur les garde)`
        : what;
    try {
      await this.audit.record({
        at: now.toISOString(),
        actor: who ?? unknownActor,
        action: "refusal",
        leadId: null,
        detail,
        requestId,
      });
    } catch (error) {
      this.log.error(`team: refusal not journaled: ${oneLine(error)}`);
    }
  }
}
