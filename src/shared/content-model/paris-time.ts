// Dates and times of Paris, as marketing writes them (`2026-03-01 00:00`), turned into instants.
// Paris is UTC+1 in winter and UTC+2 in summer: a wall time of the spring gap (last Sunday of
// March, 02:00–02:59) never happens, one of the autumn hour (last Sunday of October,
// 02:00–02:59) happens twice. Intl knows the rules (and any future change of them), so no
// dependency: each of the two possible offsets is tried and kept when Paris reads it back.

const parisParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Paris",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

const frenchDateTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  dateStyle: "long",
  timeStyle: "short",
});

/** The first and last years a date may name: 1970 is an empty field, 2999 a typing slip. */
export const earliestYear = 2000;
export const latestYear = 2099;

/** How the value is written: a day, a time, and optionally the offset from UTC. */
const shape = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?: ?([+-])(\d{2}):(\d{2}))?$/;

export const parisTimeExpected =
  "une date et une heure de Paris au format AAAA-MM-JJ HH:MM (par exemple 2026-03-01 00:00)";

/** What Paris's clock reads at an instant, as `AAAA-MM-JJ HH:MM`. */
export function parisWallTime(instant: Date): string {
  const parts = Object.fromEntries(
    parisParts.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** An instant in French, Paris time: « 1 mars 2026 à 00:00 ». */
export function inFrench(instant: Date): string {
  return frenchDateTime.format(instant);
}

export type ParisTime = { instant: Date } | { problem: string };

/**
 * The instant a Paris date and time names, or why it names none (in French, with the fix).
 * YAML turns a value written with seconds into a timestamp that has lost whether an offset was
 * written: such a value is refused rather than guessed.
 */
export function readParisTime(value: unknown): ParisTime {
  // YAML reads a day alone, or a time with seconds, as a timestamp, which Gatsby then writes out.
  const written =
    value instanceof Date ? value.toISOString() : typeof value === "string" ? value.trim() : "";
  const match = shape.exec(written);
  if (!match) {
    const found = written ? `le texte « ${written} »` : "une valeur qui n'est pas un texte";
    return {
      problem: `attendu ${parisTimeExpected}, l'heure comprise et sans secondes, trouvé ${found}`,
    };
  }
  const [, year, month, day, hour, minute, sign, offsetHours, offsetMinutes] = match;
  const wall = `${year}-${month}-${day} ${hour}:${minute}`;
  const asUtc = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:00Z`);
  if (
    Number.isNaN(asUtc) ||
    new Date(asUtc).toISOString().slice(0, 16) !== wall.replace(" ", "T")
  ) {
    return {
      problem: `« ${written} » n'est pas une date du calendrier : attendu ${parisTimeExpected}`,
    };
  }
  if (Number(year) < earliestYear || Number(year) > latestYear) {
    return {
      problem: `l'année ${year} est hors des années acceptées (${earliestYear} à ${latestYear}) : vérifier la date`,
    };
  }
  if (sign) {
    const offset = (sign === "-" ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
    const instant = new Date(asUtc - offset * 60_000);
    if (parisWallTime(instant) !== wall) {
      return {
        problem: `à Paris, « ${wall} » ne se lit pas avec le décalage ${sign}${offsetHours}:${offsetMinutes} : écrire « ${wall} » seul, ou avec le décalage de Paris à cette date (+01:00 en hiver, +02:00 en été)`,
      };
    }
    return { instant };
  }
  // Paris is one or two hours ahead of UTC: the instants that read as this wall time.
  const readings = [2, 1]
    .map((hours) => new Date(asUtc - hours * 3_600_000))
    .filter((instant) => parisWallTime(instant) === wall);
  if (readings.length === 0) {
    return {
      problem: `« ${wall} » n'existe pas à Paris : ce jour-là, les horloges passent de 02:00 à 03:00 (heure d'été). Écrire « ${year}-${month}-${day} 03:00 » ou une autre heure`,
    };
  }
  if (readings.length === 2) {
    return {
      problem: `« ${wall} » a lieu deux fois à Paris : ce jour-là, les horloges reviennent de 03:00 à 02:00 (heure d'hiver). Écrire « ${wall} +02:00 » pour la première fois (heure d'été), « ${wall} +01:00 » pour la seconde (heure d'hiver), ou une autre heure`,
    };
  }
  return { instant: readings[0] as Date };
}

/** The instant a value names, for a value the content model has accepted. */
export function parisInstant(value: unknown): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const read = readParisTime(value);
  return "instant" in read ? read.instant : undefined;
}
