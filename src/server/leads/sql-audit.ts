import { wholeNumber, type Executor } from "./database";
import { iso } from "./lead-rows";
import type { AuditAction, AuditEntry, AuditLog } from "./lead-store";

// The inbox's audit log in SQL (table audit_log), one text for both engines. A line is written
// `once`: never tried again on a lost connection, which could record one action twice.

interface AuditRow {
  [column: string]: unknown;
  at: Date | string;
  actor: string;
  action: AuditAction;
  lead_id: string | null;
  detail: string | null;
  request_id: string | null;
}

export class SqlAuditLog implements AuditLog {
  constructor(
    private readonly db: Executor,
    private readonly ready: () => Promise<void>,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.ready();
    await this.db.once(
      `INSERT INTO audit_log (at, actor, action, lead_id, detail, request_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [new Date(entry.at), entry.actor, entry.action, entry.leadId, entry.detail, entry.requestId],
    );
  }

  async page(page: {
    limit: number;
    offset: number;
  }): Promise<{ entries: AuditEntry[]; total: number }> {
    await this.ready();
    // Newest first by insertion: two lines written in the same millisecond keep their order.
    const [lines, total] = await Promise.all([
      this.db.query<AuditRow>(
        `SELECT at, actor, action, lead_id, detail, request_id FROM audit_log
         ORDER BY seq DESC LIMIT $1 OFFSET $2`,
        [wholeNumber(page.limit, "limit"), wholeNumber(page.offset, "offset")],
      ),
      this.db.query<{ n: number | string }>("SELECT count(*) AS n FROM audit_log"),
    ]);
    return {
      entries: lines.rows.map((row) => ({
        at: iso(row.at),
        actor: row.actor,
        action: row.action,
        leadId: row.lead_id,
        detail: row.detail,
        requestId: row.request_id,
      })),
      total: Number(total.rows[0]?.n ?? 0),
    };
  }
}
