import { processLogger, type LeadLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { record, type Actor } from "./actions/audit";
import { parisTime } from "./lead-fields";
import type { LeadStore } from "./lead-store";
import { firstKeptDay, parisDay } from "../audience/visitor";

// How long leads are kept (RGPD: no longer than needed; the CNIL's three years for prospects),
// counted from the last contact with the person (docs/leads.md, « Retention »), and the purge the
// server runs on its own, so that nobody has to remember it.

const dayMs = 86_400_000;

/** Who the journal names for the server's own daily purge. */
export const dailyPurgeActor: Actor = { name: "serveur (purge quotidienne)", requestId: null };

export interface PurgeResult {
  /** A lead whose last contact is before this instant was deleted. */
  before: Date;
  deleted: number;
  days: number;
}

/**
 * What a purge did, in French, as the CLI prints it and the journal keeps it: counted from the
 * last contact, not from the arrival, with the retention in days.
 */
export function purgeText({ before, deleted, days }: PurgeResult): string {
  return (
    `${deleted} demande(s) sans contact avec la personne depuis plus de ${days} jours ` +
    `(QUOTE_RETENTION_DAYS), dernier contact avant le ${parisTime(before.toISOString())}, ` +
    "supprimée(s) ; le dernier contact est l'arrivée de la demande, ou sa dernière note, " +
    "réponse ou changement de statut"
  );
}

/**
 * Deletes the leads whose last contact is older than the retention, and the ended anti-bot
 * records, with the journal's line in the same transaction: always for a person's purge, only
 * when it deleted leads for the server's daily one (a line a day saying nothing would bury the
 * others).
 */
export async function purgeExpired(
  store: Pick<LeadStore, "transaction" | "forgetDeleted">,
  days: number,
  now = new Date(),
  actor: Actor = dailyPurgeActor,
): Promise<PurgeResult> {
  const before = new Date(now.getTime() - days * dayMs);
  const result = await store.transaction(async (repos) => {
    const deleted = await repos.leads.purge(before, now);
    // The audience's events past 25 months (their daily figures kept), and the days' salts
    // before today's: nothing left to recompute a visitor's hash with.
    await repos.audience.purge(firstKeptDay(now), parisDay(now));
    const done = { before, deleted, days };
    if (deleted > 0 || actor !== dailyPurgeActor) {
      await record(repos.audit, actor, "purge", null, purgeText(done));
    }
    return done;
  });
  if (result.deleted > 0) await store.forgetDeleted();
  return result;
}

/**
 * Purges once at start, then once a day, logging what it deleted. A failed purge (the database
 * away) is logged and tried again the next day; it never stops the server.
 */
export function startDailyPurge(
  store: Pick<LeadStore, "transaction" | "forgetDeleted">,
  days: number,
  log: LeadLogger = processLogger(),
): { stop(): void } {
  const run = () => {
    purgeExpired(store, days).then(
      ({ before, deleted }) => {
        if (deleted > 0) {
          const lastContactBefore = before.toISOString();
          log.info(
            { deleted, retentionDays: days, lastContactBefore },
            `purge: ${deleted} lead(s) with no contact for over ${days} days (last contact before ${lastContactBefore}) deleted`,
          );
        }
      },
      (error: unknown) => log.error(`purge failed, tried again in a day: ${oneLine(error)}`),
    );
  };
  run();
  const timer = setInterval(run, dayMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
