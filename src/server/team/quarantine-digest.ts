import type { EmailConfig } from "../delivery/delivery-config";
import { EmailSender } from "../delivery/email";
import type { LeadStore } from "../leads/lead-store";
import type { LeadLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { quarantineDigestMessage } from "./team-emails";

// No lead waits unseen: when requests sit in quarantine, or accepted ones have had no owner for a
// working day, sales (QUOTE_NOTIFY_TO) receives one email a day saying so, from 9 o'clock Paris
// time; none when there is nothing to say. The day is claimed in the store, so that several
// server processes send it once.

const checkEveryMs = 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;
/** Not before this hour of the day in Paris: a working morning, not the middle of the night. */
const fromHour = 9;

/** The day and hour in Paris. */
function parisDay(now: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("fr-FR", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

export type DigestOutcome = "sent" | "empty" | "too-early" | "already-sent";

/** A working day before `now`: the day before, or the Friday before a weekend. */
export function oneWorkingDayBefore(now: Date): Date {
  const before = new Date(now.getTime() - dayMs);
  const weekday = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Paris",
    weekday: "short",
  }).format(before);
  const back = weekday === "Sun" ? 2 : weekday === "Sat" ? 1 : 0;
  return new Date(before.getTime() - back * dayMs);
}

/** The inbox, when someone may sign in to it: its origin (TEAM_URL) and the team (TEAM_EMAILS). */
export interface DigestInbox {
  url: string;
  members: readonly string[];
}

export async function sendQuarantineDigest(
  store: Pick<LeadStore, "inbox" | "team">,
  email: EmailConfig,
  /** Null: no one may sign in to the inbox, the email points to the CLI. */
  inbox: DigestInbox | null,
  now = new Date(),
): Promise<DigestOutcome> {
  const inboxUrl = inbox?.url ?? null;
  const { day, hour } = parisDay(now);
  if (hour < fromHour) return "too-early";
  const count = await store.inbox.quarantineCount();
  // Owners are the inbox's: without it, no request waits for one. One whose owner has left the
  // team (src/server/team/owners.ts) waits as one no one took.
  const unowned = inbox
    ? await store.inbox.page({
        owner: null,
        team: inbox.members,
        quarantine: "none",
        to: oneWorkingDayBefore(now),
        limit: 20,
        offset: 0,
      })
    : { leads: [], total: 0 };
  if (count === 0 && unowned.total === 0) return "empty";
  if (!(await store.team.claimDigest(day, now))) return "already-sent";
  const sender = new EmailSender(email.smtpUrl);
  try {
    const named = unowned.leads.map((lead) => ({
      id: lead.id,
      company: lead.request.company,
      receivedAt: lead.receivedAt,
    }));
    await sender.send(
      quarantineDigestMessage(email.to, email.from, inboxUrl, count, {
        leads: named,
        total: unowned.total,
      }),
    );
  } catch (error) {
    // The relay is down: the day is given back, and the next hourly check tries again.
    await store.team.unclaimDigest(day);
    throw error;
  } finally {
    sender.close();
  }
  return "sent";
}

/** Checks every hour (and at start) whether today's email is due. */
export function startQuarantineDigest(
  store: LeadStore,
  email: EmailConfig,
  inbox: DigestInbox | null,
  log: LeadLogger,
): { stop(): void } {
  const run = () => {
    sendQuarantineDigest(store, email, inbox).then(
      (outcome) => {
        if (outcome === "sent") log.info("quarantine digest: sent to sales");
      },
      (error: unknown) => log.error(`quarantine digest failed: ${oneLine(error)}`),
    );
  };
  run();
  const timer = setInterval(run, checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
