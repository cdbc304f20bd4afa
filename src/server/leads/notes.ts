// The notes' contract (their SQL: sql-notes.ts): what the team writes about a lead, and the
// replies it sends from the inbox, kept with the lead, erased with it, in the JSON export.

/** A note on a lead, or a reply sent to the person: plain text as typed, shown escaped. */
export interface Note {
  /** When it was written (or the reply sent), ISO 8601. */
  at: string;
  /** The member who wrote it (their address), or the CLI's `terminal (<user>)`. */
  author: string;
  text: string;
  /** A note of the team's, or the text of a reply emailed to the person. */
  kind: "note" | "reply";
}

/** When a lead came, and when the team first replied to it. */
export interface FirstReply {
  receivedAt: string;
  repliedAt: string;
}

export interface Notes {
  /** Adds a note to a lead; false (nothing written) when there is no such lead. */
  add(leadId: string, note: Note): Promise<boolean>;
  /** Each lead's notes, oldest first; a lead without notes has an empty list. */
  of(leadIds: readonly string[]): Promise<Map<string, Note[]>>;
  /** The leads received since `since` that have a reply, with their first one's time. */
  firstReplies(since: Date): Promise<FirstReply[]>;
}
