import { placeholders, type Executor } from "./database";
import { iso, uuidPattern } from "./lead-rows";
import type { FirstReply, Note, Notes } from "./lead-store";

// The team's notes and replies on leads (table lead_notes), one text for both engines: dated, in
// the order written, deleted with their lead (ON DELETE CASCADE: an erasure, a spam, a purge).

interface NoteRow {
  [column: string]: unknown;
  lead_id: string;
  at: Date | string;
  author: string;
  text: string;
  kind: Note["kind"];
}

const toNote = (row: NoteRow): Note => ({
  at: iso(row.at),
  author: row.author,
  text: row.text,
  kind: row.kind,
});

export class SqlNotes implements Notes {
  constructor(
    private readonly db: Executor,
    private readonly ready: () => Promise<void>,
  ) {}

  async add(leadId: string, note: Note): Promise<boolean> {
    await this.ready();
    if (!uuidPattern.test(leadId)) return false;
    // Written only beside a lead that exists: one erased meanwhile gets no orphan note.
    const { rowCount } = await this.db.query(
      `INSERT INTO lead_notes (lead_id, at, author, text, kind)
       SELECT id, $2, $3, $4, $5 FROM leads WHERE id = $1`,
      [leadId.toLowerCase(), new Date(note.at), note.author, note.text, note.kind],
    );
    return rowCount === 1;
  }

  async of(leadIds: readonly string[]): Promise<Map<string, Note[]>> {
    await this.ready();
    const ids = leadIds.filter((id) => uuidPattern.test(id)).map((id) => id.toLowerCase());
    const notes = new Map<string, Note[]>(ids.map((id) => [id, []]));
    // In slices: one IN list per thousand leads, well within either engine's parameter limit.
    for (let start = 0; start < ids.length; start += 1000) {
      const slice = ids.slice(start, start + 1000);
      const { rows } = await this.db.query<NoteRow>(
        `SELECT lead_id, at, author, text, kind FROM lead_notes
         WHERE lead_id IN (${placeholders(1, slice.length)}) ORDER BY seq`,
        slice,
      );
      for (const row of rows) notes.get(String(row.lead_id).toLowerCase())?.push(toNote(row));
    }
    return notes;
  }

  async firstReplies(since: Date): Promise<FirstReply[]> {
    await this.ready();
    const { rows } = await this.db.query<{ received_at: Date | string; replied_at: Date | string }>(
      `SELECT l.received_at, min(n.at) AS replied_at
       FROM leads l JOIN lead_notes n ON n.lead_id = l.id AND n.kind = 'reply'
       WHERE l.received_at >= $1
       GROUP BY l.id, l.received_at`,
      [since],
    );
    return rows.map((row) => ({
      receivedAt: iso(row.received_at),
      repliedAt: iso(row.replied_at),
    }));
  }
}
