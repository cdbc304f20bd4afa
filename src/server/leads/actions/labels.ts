import type { Channel, LeadStatus } from "../lead-store";

// The French words for a lead's status and channels, as the inbox, the CLI and the exports show
// them, and the status words typed in a terminal.

export const leadStatuses: readonly LeadStatus[] = ["new", "in_progress", "done"];

export const statusLabels: Record<LeadStatus, string> = {
  new: "nouvelle",
  in_progress: "en cours",
  done: "traitée",
};

export const channelNames: Record<Channel, string> = {
  email: "email aux commerciaux",
  ack: "accusé de réception",
  webhook: "webhook",
  teams: "Microsoft Teams",
  slack: "Slack",
};

/** A stored status (`in_progress`), as a form sends it: anything else is refused. */
export function isLeadStatus(value: unknown): value is LeadStatus {
  return leadStatuses.some((status) => status === value);
}

/** What `npm run leads -- status ID …` takes: the labels, `-` for spaces, accents optional. */
const statusWords = new Map<string, LeadStatus>([
  ["nouvelle", "new"],
  ["en-cours", "in_progress"],
  ["traitee", "done"],
  ["traitée", "done"],
]);

export function statusFromWord(word: string): LeadStatus | undefined {
  return statusWords.get(word.trim().toLowerCase());
}
