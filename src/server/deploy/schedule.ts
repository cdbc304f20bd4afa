import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readScheduledFiles } from "../../build/schedule";
import { changesAfter } from "../../shared/content-model/schedule";
import { listReleases, liveContent } from "./releases";
import { replaceFile } from "./state";

// The next instant the live site changes (a legal version becomes applicable, a testimonial comes
// or goes), computed from the live release after each publication and kept in
// DEPLOY_DIR/schedule.json, so that a restart knows it. The Scheduler (scheduler.ts) builds the
// live commit as of that instant when it comes.

export interface ScheduleRecord {
  /** The instants to come, in order, each with what it changes (the first is the next). */
  upcoming: { at: string; changes: string[] }[];
  /** The live release's commit and the instant it was built as of, which the schedule follows. */
  commit: string | null;
  asOf: string;
  /** Scheduled builds of the first instant that failed: one retry, then it is given up. */
  failures: number;
}

export const scheduleFile = (dir: string) => join(dir, "schedule.json");

/** The schedule as kept, or null before any publication planned one. */
export function readSchedule(dir: string): ScheduleRecord | null {
  const file = scheduleFile(dir);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as ScheduleRecord;
  } catch {
    return null; // A file cut short: planned again at the next publication.
  }
}

export function writeSchedule(dir: string, record: ScheduleRecord): void {
  replaceFile(scheduleFile(dir), `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * Plans from the live release: every instant after `asOf` (the instant it was built as of) at
 * which its content changes, as the release recorded them when it was made (releases.ts), or,
 * for a release made before it recorded them, as its content/ gives them. Strictly after: a
 * build as of an instant never schedules itself.
 */
export function planSchedule(dir: string, commit: string | null, asOf: Date): ScheduleRecord {
  // Recorded by deploy.ts with changesAfter at the release's own instant, as below.
  const upcoming =
    listReleases(dir).find((release) => release.live)?.upcoming ??
    changesAfter(
      existsSync(liveContent(dir)) ? readScheduledFiles(liveContent(dir)) : [],
      asOf,
    ).map(({ at, changes }) => ({ at: at.toISOString(), changes }));
  const record: ScheduleRecord = {
    upcoming,
    commit,
    asOf: asOf.toISOString(),
    failures: 0,
  };
  writeSchedule(dir, record);
  return record;
}

/** What the admin's notice lists (/api/deploy/status): the next few instants, what each changes. */
export const scheduledChanges = (dir: string, count = 5): ScheduleRecord["upcoming"] =>
  readSchedule(dir)?.upcoming.slice(0, count) ?? [];

/** The next instant, or null when nothing is scheduled. */
export const nextInstant = (record: ScheduleRecord | null): Date | null =>
  record?.upcoming[0] ? new Date(record.upcoming[0].at) : null;
