// The notes' contract (their SQL: sql-notes.ts): what the team writes about a lead, kept with it,
// erased with it, in the JSON export.

/** A note on a lead: plain text as typed, shown escaped. */
export interface Note {
  /** When it was written, ISO 8601. */
  at: string;
  /** The member who wrote it (their address), or the CLI's `terminal (<user>)`. */
  author: string;
  text: string;
}

export interface Notes {
  /** Adds a note to a lead; false (nothing written) when there is no such lead. */
  add(leadId: string, note: Note): Promise<boolean>;
  /** Each lead's notes, oldest first; a lead without notes has an empty list. */
  of(leadIds: readonly string[]): Promise<Map<string, Note[]>>;
}
