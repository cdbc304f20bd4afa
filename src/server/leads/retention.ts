import { processLogger, type LeadLogger } from "../log/logger";
import { oneLine } from "../one-line";
import type { LeadStore } from "./lead-store";

// How long leads are kept (RGPD: no longer than needed; the CNIL's three years for prospects),
// and the purge the server runs on its own, so that nobody has to remember it.

const dayMs = 86_400_000;

/** Deletes the leads older than the retention, and the ended anti-bot records. */
export async function purgeExpired(
  store: Pick<LeadStore, "leads" | "forgetDeleted">,
  days: number,
  now = new Date(),
) {
  const before = new Date(now.getTime() - days * dayMs);
  const deleted = await store.leads.purge(before, now);
  if (deleted > 0) await store.forgetDeleted();
  return { before, deleted };
}

/**
 * Purges once at start, then once a day, logging what it deleted. A failed purge (the database
 * away) is logged and tried again the next day; it never stops the server.
 */
export function startDailyPurge(
  store: Pick<LeadStore, "leads" | "forgetDeleted">,
  days: number,
  log: LeadLogger = processLogger(),
): { stop(): void } {
  const run = () => {
    purgeExpired(store, days).then(
      ({ before, deleted }) => {
        if (deleted > 0) {
          log.info(
            { deleted, before: before.toISOString() },
            `purge: ${deleted} lead(s) received before ${before.toISOString()} deleted`,
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
