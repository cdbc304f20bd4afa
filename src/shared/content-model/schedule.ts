// What is in force at an instant, from the dates content files give: a testimonial, a client
// reference or a set of figures from « publishFrom » until « retireAt », a legal text from
// « applicableFrom » on, and a former version kept at its own address once a later one applies. The build leaves out the
// rest (src/build/schedule.ts); the server rebuilds at the next instant anything changes.
import { parisInstant } from "./paris-time";

/** A content file's dates, as its frontmatter gives them. */
export type ScheduledFile = {
  /** The file's path from the site's root: content/legal/ and its name, for a legal page. */
  file: string;
  kind: string;
  fields: Record<string, unknown>;
};

/** Kinds whose entries come and go on the dates « publishFrom » and « retireAt » give. */
export const windowedKinds: readonly string[] = ["testimonials", "clients", "figures"];

const time = (instant: Date | undefined) => instant?.getTime();

/** When a legal version starts to apply: never written is always (the earliest instant). */
const appliesFrom = (file: ScheduledFile) =>
  time(parisInstant(file.fields.applicableFrom)) ?? Number.NEGATIVE_INFINITY;

/** Whether a file is in force at an instant (a file without dates always is). */
function inForce(file: ScheduledFile, at: number): boolean {
  if (windowedKinds.includes(file.kind)) {
    const from = time(parisInstant(file.fields.publishFrom));
    const to = time(parisInstant(file.fields.retireAt));
    return (from === undefined || from <= at) && (to === undefined || at < to);
  }
  // A legal version not applicable yet is left out; a former one stays, readable at its own
  // address (src/build/legal-versions.ts).
  return file.kind !== "legal" || appliesFrom(file) <= at;
}

/** The files not in force at an instant: the build leaves them out of every output. */
export function filesOutOfForce(files: readonly ScheduledFile[], at: Date): ScheduledFile[] {
  return files.filter((file) => !inForce(file, at.getTime()));
}

/** One instant at which the site changes, and the files it changes, in French. */
export type ScheduledChange = { at: Date; changes: string[] };

/** Every instant after `after` at which some file comes into force or leaves it, in order. */
export function changesAfter(files: readonly ScheduledFile[], after: Date): ScheduledChange[] {
  const byInstant = new Map<number, string[]>();
  const add = (instant: Date | undefined, change: string) => {
    if (!instant || instant.getTime() <= after.getTime()) return;
    byInstant.set(instant.getTime(), [...(byInstant.get(instant.getTime()) ?? []), change]);
  };
  for (const file of files) {
    if (windowedKinds.includes(file.kind)) {
      add(parisInstant(file.fields.publishFrom), `${file.file} : mis en ligne`);
      add(parisInstant(file.fields.retireAt), `${file.file} : retiré`);
    } else if (file.kind === "legal") {
      add(parisInstant(file.fields.applicableFrom), `${file.file} : version applicable`);
    }
  }
  return [...byInstant.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, changes]) => ({ at: new Date(at), changes }));
}

/** The next instant after `after` at which the site changes, if any. */
export function nextChange(files: readonly ScheduledFile[], after: Date): Date | undefined {
  return changesAfter(files, after)[0]?.at;
}
