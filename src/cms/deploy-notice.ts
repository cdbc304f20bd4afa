// A discreet notice in the admin that says where the live site is, on our own server: read from
// GET /api/deploy/status (src/server/http/routes/deploy-routes.ts). On a host without that endpoint
// (Netlify, Cloudflare Pages, `npm run cms`), no notice and no error.
import { inFrench } from "../shared/content-model/paris-time";

export interface DeployStatus {
  /** "off": this server does not deploy on push (another host builds the site). */
  state: "off" | "idle" | "building" | "failed";
  live: { commit: string; since: string } | null;
  failure: { commit: string | null; at: string; message: string; problems: string[] } | null;
  /** The last rollback (`npm run site -- rollback`), until a publication goes live after it. */
  rollback?: { at: string; from: string | null; to: string } | null;
  /** Set when the live site was built with server code the server does not run yet. */
  serverUpdate?: { commit: string; message: string } | null;
  /** The next instants the live site changes by itself (scheduled builds), with what changes. */
  scheduled?: { at: string; changes: string[] }[];
}

const parisDay = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  timeZone: "Europe/Paris",
});
const parisClock = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Paris",
});

/** « 26 novembre à 14 h 02 ». */
export function frenchMoment(iso: string): string {
  const date = new Date(iso);
  const [hours, minutes] = parisClock.format(date).split(":");
  return `${parisDay.format(date)} à ${Number(hours)} h ${minutes}`;
}

/** What the notice says, or null when there is nothing to say. */
export function noticeText(status: DeployStatus): string | null {
  if (status.state === "off") return null;
  if (status.state === "building") return "Mise en ligne en cours…";
  if (status.state === "failed" && status.failure) {
    const reasons =
      status.failure.problems.length > 0
        ? status.failure.problems.join(" ; ")
        : status.failure.message;
    return `La dernière publication n'a pas été mise en ligne : ${reasons}. La version précédente reste en ligne.`;
  }
  if (!status.live) return null;
  const live = status.rollback
    ? `En ligne : version d'avant, remise le ${frenchMoment(status.rollback.at)} ; la prochaine publication repart de la dernière version`
    : `En ligne : publication du ${frenchMoment(status.live.since)}`;
  const said = status.serverUpdate
    ? `${live}. Elle modifie aussi le serveur : son administrateur doit le mettre à jour.`
    : live;
  const scheduled = (status.scheduled ?? []).map(
    ({ at, changes }) => `le ${inFrench(new Date(at))} (heure de Paris), ${changes.join(", ")}`,
  );
  return scheduled.length > 0 ? `${said}. Programmé : ${scheduled.join(" ; ")}.` : said;
}

const refreshMs = 15_000;

// Styled through the CSSOM: the admin page loads Decap's styles and its bundle, not a stylesheet
// of ours (src/build/admin-bundle.ts gives ours to the preview frame only).
const baseStyle: Partial<CSSStyleDeclaration> = {
  position: "fixed",
  bottom: "0.75rem",
  left: "0.75rem",
  zIndex: "500",
  maxWidth: "min(32rem, calc(100vw - 1.5rem))",
  margin: "0",
  padding: "0.5rem 0.75rem",
  borderRadius: "0.5rem",
  font: '500 0.8125rem/1.4 "Public Sans French", "Public Sans Variable", system-ui, sans-serif',
  boxShadow: "0 1px 3px rgb(0 0 0 / 0.15)",
};
/** Background and text per state, each over 7:1. */
const colours: Record<Exclude<DeployStatus["state"], "off">, [string, string]> = {
  idle: ["#eef5f0", "#14361f"],
  building: ["#eef2fb", "#1d3260"],
  failed: ["#fdf0ee", "#6b1a10"],
};

/** Shows the notice, and keeps it current while the admin is open. */
export function showDeployNotice(document: Document): void {
  const notice = document.createElement("p");
  notice.setAttribute("role", "status");
  notice.className = "deploy-notice";
  notice.hidden = true;
  Object.assign(notice.style, baseStyle);
  document.body.append(notice);
  const refresh = async () => {
    try {
      const response = await fetch("/api/deploy/status", { cache: "no-store" });
      if (!response.ok) return false;
      const status = (await response.json()) as DeployStatus;
      const text = noticeText(status);
      notice.hidden = text === null;
      notice.textContent = text;
      notice.dataset.state = status.state;
      if (status.state === "off") return false;
      [notice.style.background, notice.style.color] = colours[status.state];
      return true;
    } catch {
      return false;
    }
  };
  void refresh().then((available) => {
    // A host without deploys says so (or answers 404) once: nothing more is asked of it.
    if (available) setInterval(() => void refresh(), refreshMs);
  });
}
